// swift-tools-version: 6.1
// Speed benchmarks for ListStore, the assistant and the TUI, kept out of the root package so that its users and its CI
// never build package-benchmark. Run from this folder: `swift package benchmark` (see README.md).
import PackageDescription

let package = Package(
    name: "ListOMatBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ListOMat", path: ".."),
        // No traits: the benchmarks measure wall-clock time only, and the malloc interposer
        // (a default trait) adds a header to every allocation that the product never pays.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: []),
    ],
    targets: [
        // The stores the benchmarks run against (built once per size, copied per benchmark).
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "ListStore", package: "ListOMat")],
            path: "Benchmarks/BenchmarkSupport"
        ),
        .executableTarget(
            name: "ListStoreBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ListStore", package: "ListOMat"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ListStoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AssistantBenchmarks",
            dependencies: [
                .product(name: "ListStore", package: "ListOMat"),
                .product(name: "IntentKit", package: "ListOMat"),
                .product(name: "ListIntents", package: "ListOMat"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AssistantBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TUIBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ListStore", package: "ListOMat"),
                .product(name: "ListOMatApp", package: "ListOMat"),
                .product(name: "TerminalKit", package: "ListOMat"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TUIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
