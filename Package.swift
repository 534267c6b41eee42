// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ListOMat",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "listomat", targets: ["listomat"]),
        .executable(name: "listomat-mcp", targets: ["listomat-mcp"]),
        // The libraries the benchmarks package (Benchmarks/, a package of its own so that a
        // plain build never builds package-benchmark) measures: only what it calls is meant
        // to be `public`; the other targets are `package` throughout.
        .library(name: "ListStore", targets: ["ListStore"]),
        .library(name: "IntentKit", targets: ["IntentKit"]),
        .library(name: "ListIntents", targets: ["ListIntents"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "ListOMatApp", targets: ["ListOMatApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        // CalDAV sync's HTTP client: pure Swift on SwiftNIO with BoringSSL built in, so the
        // static install (scripts/install.sh) links it (FoundationNetworking needs libcurl).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Its TLS (which AsyncHTTPClient already uses): a private CA for sync (`ca_file`).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        .target(
            name: "ListStore",
            dependencies: ["CSQLiteShim", .product(name: "GRDB", package: "GRDB.swift")],
            // Names sort by ICU sort keys (`NameCollation`), from the ICU Foundation ships on Linux.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        .target(name: "CSQLiteShim", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "IntentKit",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "ListIntents",
            dependencies: ["IntentKit", "ListStore"],
            resources: [.copy("Resources")]
        ),
        .target(name: "TerminalKit"),
        // The application's settings: config.toml (theme, mouse, default_list, [keys], [sync]).
        // Its TOML reader and key names are TerminalKit's, which reads theme files with them.
        .target(name: "Settings", dependencies: ["TerminalKit"]),
        .target(
            name: "ListOMatMCP",
            // MCP (JSON-RPC 2.0 on stdin/stdout) is spoken here, without an SDK: the Swift SDK links
            // FoundationNetworking (libcurl), which a static executable cannot have.
            dependencies: ["IntentKit", "ListIntents", "ListStore"]
        ),
        // iCalendar (RFC 5545): the VTODO subset sync reads and writes, keeping what it does
        // not understand. No dependencies.
        .target(name: "ICalendar"),
        .target(
            name: "CalDAVSync",
            dependencies: [
                "ICalendar", "ListStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "ListOMatApp",
            dependencies: ["TerminalKit", "IntentKit", "ListIntents", "ListStore"]
        ),
        .target(
            name: "CNcursesw",
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                // Part of libncursesw.so; a static build (scripts/install.sh) needs it named.
                .linkedLibrary("tinfo", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .target(
            name: "NcursesBackend",
            dependencies: ["TerminalKit", "CNcursesw"]
        ),
        .executableTarget(
            name: "listomat",
            dependencies: [
                "ListOMatApp",
                "NcursesBackend",
                "TerminalKit",
                "ListStore",
                "IntentKit",
                "ListIntents",
                "CalDAVSync",
                "Settings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The MCP server, which `listomat mcp` starts (exec) once it has checked the options:
        // a program of its own, so that the long-running server's code is not part of every
        // short command. Static like listomat, from the same build (scripts/install.sh).
        .executableTarget(
            name: "listomat-mcp",
            dependencies: ["ListOMatMCP", "ListIntents", "IntentKit", "ListStore"]
        ),
        .testTarget(
            name: "ListStoreTests",
            dependencies: ["ListStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "IntentKitTests",
            dependencies: ["IntentKit"],
            exclude: ["Data"]
        ),
        .testTarget(
            name: "ListIntentsTests",
            // Yams: the interface catalogs' test checks that it reads them as their own reader does.
            dependencies: ["ListIntents", "IntentKit", "ListStore", .product(name: "Yams", package: "Yams")],
            exclude: ["Corpus"]
        ),
        .testTarget(
            name: "TerminalKitTests",
            dependencies: ["TerminalKit"]
        ),
        .testTarget(
            name: "SettingsTests",
            dependencies: ["Settings", "TerminalKit"]
        ),
        .testTarget(
            name: "ListOMatAppTests",
            dependencies: [
                "ListOMatApp", "TerminalKit", "IntentKit", "ListIntents", "ListStore",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "ListOMatMCPTests",
            dependencies: ["ListOMatMCP", "ListIntents", "IntentKit", "ListStore"]
        ),
        .testTarget(
            name: "ICalendarTests",
            dependencies: ["ICalendar"],
            exclude: ["Fixtures", "Python"]
        ),
        .testTarget(
            name: "CalDAVSyncTests",
            // listomat: built for the tests that run `listomat sync` and kill it.
            dependencies: ["CalDAVSync", "ICalendar", "ListStore", "listomat"],
            exclude: ["Peers"]
        ),
        .testTarget(
            name: "NcursesBackendTests",
            dependencies: ["NcursesBackend", "TerminalKit"]
        ),
        .testTarget(
            name: "ListOMatCLITests",
            dependencies: ["listomat", "listomat-mcp", "ListStore", "Settings", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["MCP"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
