/// How the cache files (`MatcherCache`) are written and read back: little-endian integers,
/// booleans as one byte, strings as their UTF-8 length (u32) and bytes, arrays as a count (u32)
/// and their elements, dictionaries and sets the same in sorted order (so the same value is
/// always the same bytes), optionals as a flag byte and the value.
///
/// Written by hand rather than with `Codable`: a single `listomat ask` read its catalog with
/// `JSONDecoder`, and most of those 3 ms went to the runtime looking up generic types and
/// protocol conformances, once per type, at every start. Each type lists its stored properties
/// in `write(to:)` and `init(from:)`, in the same order; `CacheCodingTests` checks a catalog
/// read back against the one written, property by property.
protocol CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged)
    func write(to writer: inout CacheWriter)
}

struct CacheWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func count(_ count: Int) { u32(UInt32(count)) }

    mutating func integers(_ integers: [Int32]) {
        count(integers.count)
        for value in integers { u32(UInt32(bitPattern: value)) }
    }

    mutating func write<Value: CacheCodable>(_ value: Value) { value.write(to: &self) }
}

/// Reads what `CacheWriter` wrote; throws `Damaged` as soon as anything is missing, out of
/// bounds or not what was written (a count larger than the bytes left). Only bytes a checksum
/// has vouched for are read: texts are taken as the UTF-8 they were written as (any bytes
/// that were not would be read with U+FFFD in their place, never trusted as something else).
struct CacheReader {
    struct Damaged: Error {}

    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func take(_ count: Int) throws(Damaged) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw Damaged() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func u8() throws(Damaged) -> UInt8 {
        guard remaining >= 1 else { throw Damaged() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() throws(Damaged) -> UInt32 {
        guard remaining >= 4 else { throw Damaged() }
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func u64() throws(Damaged) -> UInt64 {
        guard remaining >= 8 else { throw Damaged() }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The most elements reserved ahead for a count read from the file: a count is only bounded
    /// by the bytes left, and an element in memory can be a hundred times its bytes in the file.
    static let reservationLimit = 1024

    /// A count of things that take at least `size` bytes each: never more than the bytes left allow.
    mutating func count(size: Int = 1) throws(Damaged) -> Int {
        let count = Int(try u32())
        guard count <= remaining / size else { throw Damaged() }
        return count
    }

    mutating func integers() throws(Damaged) -> [Int32] {
        let count = try count(size: 4)
        return Self.copied(try take(count * 4), count)
    }

    /// `count` integers from `source` (at any alignment), in this machine's byte order.
    static func copied(_ source: UnsafeRawBufferPointer, _ count: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Copied as they are (at any alignment), then put in this machine's byte order.
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            #if _endian(big)
            for index in 0..<count { buffer[index] = Int32(littleEndian: buffer[index]) }
            #endif
            initialized = count
        }
    }

    mutating func read<Value: CacheCodable>(_: Value.Type = Value.self) throws(Damaged) -> Value {
        try Value(from: &self)
    }
}

extension String: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        let length = Int(try reader.u32())
        // The bytes are the ones written (`MatcherCache.unwrap` checked the file's checksum
        // first), valid UTF-8: read as they are, not checked text by text with the generic
        // `String(validating:)` (its type look-ups were half of reading the catalog's texts).
        self = String(decoding: try reader.take(length), as: UTF8.self)
    }

    func write(to writer: inout CacheWriter) {
        writer.count(utf8.count)
        writer.bytes += utf8
    }
}

extension Int: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        self = Int(Int64(bitPattern: try reader.u64()))
    }

    func write(to writer: inout CacheWriter) { writer.u64(UInt64(bitPattern: Int64(self))) }
}

extension Bool: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        switch try reader.u8() {
        case 0: self = false
        case 1: self = true
        default: throw CacheReader.Damaged()
        }
    }

    func write(to writer: inout CacheWriter) { writer.u8(self ? 1 : 0) }
}

extension Optional: CacheCodable where Wrapped: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        self = try Bool(from: &reader) ? try reader.read(Wrapped.self) : nil
    }

    func write(to writer: inout CacheWriter) {
        writer.write(self != nil)
        if let self { writer.write(self) }
    }
}

extension Array: CacheCodable where Element: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        let count = try reader.count()
        self.init()
        reserveCapacity(Swift.min(count, CacheReader.reservationLimit))
        for _ in 0..<count { append(try reader.read(Element.self)) }
    }

    func write(to writer: inout CacheWriter) {
        writer.count(count)
        for element in self { writer.write(element) }
    }
}

extension Set: CacheCodable where Element: CacheCodable & Comparable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        self.init(try [Element](from: &reader))
    }

    func write(to writer: inout CacheWriter) { writer.write(sorted()) }
}

extension Dictionary: CacheCodable where Key: CacheCodable & Comparable, Value: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        let count = try reader.count()
        self.init(minimumCapacity: Swift.min(count, CacheReader.reservationLimit))
        for _ in 0..<count {
            let key = try reader.read(Key.self)
            // Written from a dictionary: a key twice is damage.
            guard updateValue(try reader.read(Value.self), forKey: key) == nil else { throw CacheReader.Damaged() }
        }
    }

    func write(to writer: inout CacheWriter) {
        writer.count(count)
        for key in keys.sorted() {
            writer.write(key)
            writer.write(self[key]!)
        }
    }
}

// MARK: The catalog's parts (`IntentCatalog`'s own is beside its private properties)

extension Language: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        locale = try reader.read()
        appNames = try reader.read()
        invocations = try reader.read()
        skipPrefixes = try reader.read()
        skipSuffixes = try reader.read()
        paddingFreeWords = try reader.read()
        reasons = try reader.read()
        separators = try reader.read()
        droppedArticles = try reader.read()
        edgeWords = try reader.read()
        droppedDeterminers = try reader.read()
        vagueWords = try reader.read()
        pronouns = try reader.read()
        onePronouns = try reader.read()
        functionWords = try reader.read()
        betweenRequests = try reader.read()
        requestEndings = try reader.read()
        questionStarts = try reader.read()
        negations = try reader.read()
        questionEnds = try reader.read()
        negationEnds = try reader.read()
        particles = try reader.read()
        dictionaryForms = try reader.read()
        nameRules = try reader.read()
        yesWords = try reader.read()
        noWords = try reader.read()
        cancelWords = try reader.read()
        thanksWords = try reader.read()
        greetingWords = try reader.read()
        ordinals = try reader.read()
        listFormat = try reader.read()
        rules = try reader.read()
        enumerations = try reader.read()
        entityLists = try reader.read()
        entityRefusals = try reader.read()
        valueLists = try reader.read()
        intents = try reader.read()
        messages = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(locale)
        writer.write(appNames)
        writer.write(invocations)
        writer.write(skipPrefixes)
        writer.write(skipSuffixes)
        writer.write(paddingFreeWords)
        writer.write(reasons)
        writer.write(separators)
        writer.write(droppedArticles)
        writer.write(edgeWords)
        writer.write(droppedDeterminers)
        writer.write(vagueWords)
        writer.write(pronouns)
        writer.write(onePronouns)
        writer.write(functionWords)
        writer.write(betweenRequests)
        writer.write(requestEndings)
        writer.write(questionStarts)
        writer.write(negations)
        writer.write(questionEnds)
        writer.write(negationEnds)
        writer.write(particles)
        writer.write(dictionaryForms)
        writer.write(nameRules)
        writer.write(yesWords)
        writer.write(noWords)
        writer.write(cancelWords)
        writer.write(thanksWords)
        writer.write(greetingWords)
        writer.write(ordinals)
        writer.write(listFormat)
        writer.write(rules)
        writer.write(enumerations)
        writer.write(entityLists)
        writer.write(entityRefusals)
        writer.write(valueLists)
        writer.write(intents)
        writer.write(messages)
    }
}

extension EntityRefusal: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        self.init(words: try reader.read(), numbers: try reader.read())
    }

    func write(to writer: inout CacheWriter) {
        writer.write(words)
        writer.write(numbers)
    }
}

extension Language.IntentText: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        title = try reader.read()
        description = try reader.read()
        samples = try reader.read()
        sentences = try reader.read()
        prompts = try reader.read()
        responses = try reader.read()
        combinations = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(title)
        writer.write(description)
        writer.write(samples)
        writer.write(sentences)
        writer.write(prompts)
        writer.write(responses)
        writer.write(combinations)
    }
}

extension SentenceGroup: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        intent = try reader.read()
        templates = try reader.read()
        fixedSlots = try reader.read()
        priority = try reader.read()
        askedAsQuestion = try reader.read()
        onlyKnownNames = try reader.read()
        plainValues = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(intent)
        writer.write(templates)
        writer.write(fixedSlots)
        writer.write(priority)
        writer.write(askedAsQuestion)
        writer.write(onlyKnownNames)
        writer.write(plainValues)
    }
}

extension NameMatchingRules: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        allWords = try reader.read()
        leadingNoise = try reader.read()
        trailingNoise = try reader.read()
        leadingNoiseWords = FoldedWordSet(leadingNoise)
        trailingNoiseWords = FoldedWordSet(trailingNoise)
        pluralSuffixes = try reader.read()
        sameNames = try reader.read()
        stemmer = WordStemmer(rawValue: try reader.read())
        let pairs: String = try reader.read()
        guard let fold = CharacterFold(writtenPairs: pairs) else { throw CacheReader.Damaged() }
        characterFold = fold
        listWords = try reader.read()
        distinctLetters = Set(try reader.read() as String)
    }

    func write(to writer: inout CacheWriter) {
        writer.write(allWords)
        writer.write(leadingNoise)
        writer.write(trailingNoise)
        writer.write(pluralSuffixes)
        writer.write(sameNames)
        writer.write(stemmer?.rawValue ?? "")
        writer.write(characterFold.pairs)
        writer.write(listWords)
        writer.write(String(distinctLetters.sorted()))
    }
}

extension ListFormat: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        conjunction = try reader.read()
        serialComma = try reader.read()
        plural = PluralRule(rawValue: try reader.read()) ?? .oneOther
        comma = try reader.read()
        spaced = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(conjunction)
        writer.write(serialComma)
        writer.write(plural.rawValue)
        writer.write(comma)
        writer.write(spaced)
    }
}

extension IntentSchema: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        name = try reader.read()
        parameters = try reader.read()
        confirms = try reader.read()
        changes = try reader.read()
        responseCodes = try reader.read()
        creates = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(name)
        writer.write(parameters)
        writer.write(confirms)
        writer.write(changes)
        writer.write(responseCodes)
        writer.write(creates)
    }
}

extension IntentSchema.Parameter: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        name = try reader.read()
        type = try reader.read()
        multiple = try reader.read()
        required = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(name)
        writer.write(type)
        writer.write(multiple)
        writer.write(required)
    }
}

extension IntentDefinition: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        file = try reader.read()
        name = try reader.read()
        schema = try reader.read()
        texts = try reader.read()
        steps = try reader.read()
        declaredCodes = try reader.read()
        lines = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(file)
        writer.write(name)
        writer.write(schema)
        writer.write(texts)
        writer.write(steps)
        writer.write(declaredCodes)
        writer.write(lines)
    }
}

extension IntentDefinition.Step: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        intent = try reader.read()
        parameters = try reader.read()
        line = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(intent)
        writer.write(parameters)
        writer.write(line)
    }
}

extension IntentDefinition.StepParameter: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        name = try reader.read()
        value = try reader.read()
        line = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(name)
        writer.write(value)
        writer.write(line)
    }
}

extension IntentDefinition.StepValue: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        switch try reader.u8() {
        case 0: self = .fixed(try reader.read())
        case 1: self = .slot(try reader.read())
        default: throw CacheReader.Damaged()
        }
    }

    func write(to writer: inout CacheWriter) {
        switch self {
        case .fixed(let values):
            writer.u8(0)
            writer.write(values)
        case .slot(let name):
            writer.u8(1)
            writer.write(name)
        }
    }
}

extension IntentDefinition.Lines: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        intent = try reader.read()
        parameters = try reader.read()
        responses = try reader.read()
        languages = try reader.read()
        texts = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(intent)
        writer.write(parameters)
        writer.write(responses)
        writer.write(languages)
        writer.write(texts)
    }
}

extension IntentTextLines: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        line = try reader.read()
        sentences = try reader.read()
        fixedSlots = try reader.read()
        responsesKey = try reader.read()
        responses = try reader.read()
        prompts = try reader.read()
        combinations = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(line)
        writer.write(sentences)
        writer.write(fixedSlots)
        writer.write(responsesKey)
        writer.write(responses)
        writer.write(prompts)
        writer.write(combinations)
    }
}
