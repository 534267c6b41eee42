/// Terminfo strings as bytes to write straight to the terminal.
enum TerminfoText {
    /// `capability` without its padding ("$<5>", "$<100/*>"): delays that tputs would turn
    /// into waits or fill characters; written raw, they would show up as text.
    static func withoutPadding(_ capability: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(capability.count)
        var index = 0
        while index < capability.count {
            if capability[index] == UInt8(ascii: "$"), index + 1 < capability.count, capability[index + 1] == UInt8(ascii: "<"),
               let close = capability[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            result.append(capability[index])
            index += 1
        }
        return result
    }
}
