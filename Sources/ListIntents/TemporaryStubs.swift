extension Assistant {
    public var warnings: [String] { [] }
    public var customIntents: Set<String> { [] }
}
