// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ListOMat",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "listomat", targets: ["listomat"]),
        .library(name: "ListStore", targets: ["ListStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "ListStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "listomat",
            dependencies: [
                "ListStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ListStoreTests",
            dependencies: ["ListStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "ListOMatCLITests",
            dependencies: ["listomat", "ListStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
