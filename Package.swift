// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "beckon",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "beckon", targets: ["beckon"]),
        // The parsers, for the fuzzing package in Fuzz/ (scripts/fuzz.sh).
        .library(
            name: "BeckonParsers",
            targets: [
                "BeckonLocalization", "BeckonSite", "BeckonRender", "BeckonRecords", "InviteModel", "InviteSecurity",
                "BeckonURL",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64.git", from: "1.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // C libraries, each behind one module.
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
        .target(name: "CBeckonICU", dependencies: ["CICU"]),
        .target(name: "CBeckonSys"),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(name: "CBeckonPango", dependencies: ["CPangoCairo"], linkerSettings: [.linkedLibrary("fontconfig")]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CBeckonJPEG", dependencies: ["CJPEG"]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // libcurl, loaded on first use (its headers from libcurl4-openssl-dev), with typed wrappers of
        // its variadic options, which Swift cannot call.
        .target(name: "CBeckonCurl"),

        // Libraries, in dependency order.
        // Compact binary records: what the build's step cache keeps on disk.
        .target(name: "BeckonRecords"),
        .target(name: "BeckonDiagnostics", dependencies: ["BeckonRecords"]),
        .target(name: "BeckonJSON"),
        .target(name: "BeckonBase64", dependencies: [.product(name: "ExtrasBase64", package: "swift-extras-base64")]),
        .target(name: "BeckonProvenance", dependencies: ["BeckonBase64", "BeckonDiagnostics"]),
        .target(name: "BeckonURL"),
        .target(name: "InviteModel", dependencies: ["BeckonURL"]),
        // The funnel's counts, rates, intervals and tests, and its reports (text, JSON, HTML).
        .target(name: "BeckonFunnel", dependencies: ["BeckonDiagnostics"]),
        .target(name: "BeckonStore", dependencies: ["InviteModel", "BeckonFunnel", "BeckonJSON"]),
        .target(
            name: "BeckonStoreSQLite",
            dependencies: [
                "BeckonFunnel",
                "BeckonStore", "InviteModel", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "BeckonStorePostgres",
            dependencies: [
                "BeckonFunnel",
                "BeckonStore", "InviteModel", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "InviteSecurity",
            dependencies: [
                "InviteModel", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]
        ),
        .target(
            name: "BeckonEngine", dependencies: ["BeckonRecords", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "BeckonText", dependencies: ["CBeckonICU"]),
        .target(name: "BeckonMarkdown", dependencies: ["CCmark"]),
        .target(name: "BeckonHTML", dependencies: ["CLibXML2"]),
        .target(
            name: "BeckonSite",
            dependencies: [
                "BeckonDiagnostics", "BeckonMarkdown", "InviteModel", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "BeckonLocalization",
            dependencies: ["BeckonDiagnostics", "BeckonEngine", "BeckonJSON", "BeckonSite", "BeckonText", "BeckonHTML"]
        ),
        .target(
            name: "BeckonRender",
            dependencies: [
                "BeckonDiagnostics", "BeckonEngine", "BeckonProvenance", "BeckonRecords", "BeckonSite",
                "BeckonLocalization", "BeckonMarkdown", "BeckonText", "BeckonURL",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "BeckonMessages",
            dependencies: [
                "BeckonDiagnostics", "BeckonLocalization", "BeckonSite", "BeckonURL", "InviteModel", "BeckonRender",
            ]),
        .target(name: "BeckonServing", dependencies: ["BeckonDiagnostics", "BeckonSite", "BeckonRender"]),
        .target(name: "BeckonStarters"),
        .target(name: "BeckonMIME", dependencies: ["BeckonBase64"]),
        // Messages handed to an SMTP relay, through libcurl.
        .target(name: "BeckonSMTP", dependencies: ["CBeckonCurl"]),
        // DKIM signatures (RFC 6376, RFC 8463) of outgoing messages, and their keys.
        .target(
            name: "BeckonDKIM",
            dependencies: [
                "BeckonBase64", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]),
        .target(
            name: "BeckonEmail",
            dependencies: [
                "BeckonDiagnostics", "BeckonLocalization", "BeckonMarkdown", "BeckonProvenance", "BeckonSite",
                "BeckonRender", "BeckonMIME", "BeckonText", "InviteModel", "BeckonEngine",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "BeckonCards",
            dependencies: [
                "BeckonDiagnostics", "BeckonSite", "BeckonText", "CBeckonPango", "CBeckonJPEG", "CLibDeflate", "CZlib",
            ]),
        // QR codes drawn as inline SVG, through libqrencode.
        .target(name: "BeckonQR", dependencies: ["CQRencode", "BeckonDiagnostics"]),
        .target(
            name: "BeckonWeb",
            dependencies: [
                "BeckonDiagnostics", "BeckonJSON", "BeckonLocalization", "BeckonProvenance", "BeckonSite",
                "InviteModel", "BeckonRender", "BeckonCards", "BeckonText", "BeckonQR",
            ]),
        .target(
            name: "BeckonChecks",
            dependencies: [
                "BeckonLocalization", "BeckonSite",
                "BeckonDiagnostics", "BeckonProvenance", "BeckonRecords", "BeckonRender", "BeckonHTML", "BeckonText",
                "BeckonMIME", "BeckonURL", "BeckonCards", "InviteModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "BeckonReview",
            dependencies: [
                "BeckonDiagnostics", "BeckonLocalization", "BeckonRender", "BeckonSite", "BeckonChecks", "BeckonText",
                "BeckonProvenance", "BeckonRecords",
            ]),
        // One real invite's pages, cards and emails rendered when asked (`beckon serve`), with the
        // record of the site's parts they read, the step cache, and what a server needs of a build.
        .target(
            name: "BeckonInvitePages",
            dependencies: [
                "BeckonChecks", "BeckonDiagnostics", "BeckonEmail", "BeckonEngine", "BeckonLocalization",
                "BeckonMessages", "BeckonRender", "BeckonSite", "BeckonWeb", "InviteModel", "InviteSecurity",
            ]
        ),
        .target(
            name: "BeckonBuild",
            dependencies: [
                "BeckonInvitePages",
                "BeckonDiagnostics", "BeckonLocalization", "BeckonRender", "BeckonSite", "InviteModel",
                "BeckonWeb", "BeckonMessages", "BeckonServing", "BeckonEmail", "BeckonChecks", "BeckonReview",
                "BeckonEngine", "BeckonRecords", "BeckonText",
                "InviteSecurity", "CBeckonSys",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Guards for servers that take connections from clients they do not trust.
        .target(
            name: "BeckonConnections",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .target(
            name: "BeckonPreview",
            dependencies: [
                "BeckonBuild", "BeckonConnections", "BeckonDiagnostics", "BeckonEngine", "BeckonRender", "BeckonSite",
                "InviteModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        // The invite API's types and server stubs, generated from docs/openapi.json by
        // scripts/generate-openapi.sh (committed, so building needs no generator).
        .target(
            name: "BeckonAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            exclude: ["openapi-generator-config.yaml", "Generated/openapi.json.sha256"],
            // The generated files import for every declaration they might hold; the generator
            // silences the unused-import warnings itself only from Swift 6.4.
            swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
        ),
        .target(
            name: "BeckonServe",
            dependencies: [
                "BeckonFunnel",
                "CBeckonSys",
                "BeckonAPI", "BeckonInvitePages", "BeckonCards", "BeckonConnections", "BeckonDiagnostics", "BeckonDKIM",
                "BeckonSMTP",
                "BeckonLocalization",
                "BeckonStorePostgres", "BeckonStoreSQLite", "BeckonEngine",
                "BeckonJSON",
                "BeckonMessages",
                "BeckonRender",
                "BeckonSite",
                "BeckonStore",
                "BeckonWeb",
                "InviteModel", "InviteSecurity",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .target(
            name: "BeckonCLI",
            dependencies: [
                "BeckonChecks", "BeckonDiagnostics", "BeckonLocalization", "BeckonRender", "BeckonSite", "InviteModel",
                "BeckonBuild", "BeckonEngine", "BeckonInvitePages", "BeckonPreview", "BeckonReview", "BeckonServe",
                "BeckonStarters", "BeckonDKIM",
                "BeckonStore", "BeckonStorePostgres", "BeckonStoreSQLite", "InviteSecurity", "CBeckonSys",
                "BeckonFunnel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // mimalloc replaces glibc's malloc for the whole process (its symbols come before libc's):
        // a build makes and frees millions of small objects on both cores, and a 100x pages-only
        // build spends about 7 % less CPU with it (docs/benchmarks.md, "The allocator"). The test
        // runner links it too, through the tests that depend on this target.
        .executableTarget(
            name: "beckon",
            dependencies: ["BeckonCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: [
                .linkedLibrary("mimalloc"),
                // Nothing loads into the executable and looks its symbols up: exporting none
                // leaves the loader and the runtime no table of 72,000 symbols to search at each
                // start (docs/benchmarks.md#start-up).
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"]),
            ]
        ),
        .executableTarget(name: "beckon-card-bench", dependencies: ["BeckonDiagnostics", "BeckonSite", "BeckonCards"]),
        .executableTarget(
            name: "beckon-email-bench",
            dependencies: [
                "BeckonBuild", "BeckonEmail", "BeckonInvitePages", "BeckonLocalization", "BeckonRender", "BeckonSite",
                "BeckonDiagnostics",
            ]
        ),
        .executableTarget(name: "beckon-write-bench"),
        .executableTarget(
            name: "beckon-http-bench",
            dependencies: [
                "BeckonServe", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Tests.
        .target(
            name: "BeckonTestSupport",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/BeckonTestSupport"),
        .testTarget(name: "BeckonQRTests", dependencies: ["BeckonQR", "BeckonTestSupport"]),
        .testTarget(name: "BeckonSMTPTests", dependencies: ["BeckonSMTP", "BeckonTestSupport"]),
        .testTarget(
            name: "BeckonDKIMTests",
            dependencies: [
                "BeckonDKIM", "BeckonTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "BeckonFunnelTests", dependencies: ["BeckonFunnel", "BeckonTestSupport"]),
        .testTarget(
            name: "InviteModelTests",
            dependencies: [
                "InviteModel", "BeckonTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "InviteSecurityTests",
            dependencies: [
                "InviteModel",
                "InviteSecurity", .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonStoreTests",
            dependencies: [
                "BeckonStore", "BeckonStoreSQLite", "BeckonStorePostgres", "InviteModel", "BeckonTestSupport",
                "BeckonFunnel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonDiagnosticsTests", dependencies: ["BeckonDiagnostics", "BeckonRecords", "BeckonTestSupport"]),
        .testTarget(
            name: "BeckonRecordsTests",
            dependencies: ["BeckonRecords", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "BeckonEngineTests",
            dependencies: [
                "BeckonEngine", "BeckonRecords", "BeckonTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "BeckonURLTests", dependencies: ["BeckonURL"]),
        .testTarget(
            name: "BeckonBase64Tests",
            dependencies: ["BeckonBase64", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "BeckonProvenanceTests",
            dependencies: [
                "BeckonDiagnostics", "BeckonProvenance",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "BeckonTextTests", dependencies: ["BeckonText", "BeckonTestSupport"]),
        .testTarget(name: "BeckonMarkdownTests", dependencies: ["BeckonMarkdown"]),
        .testTarget(name: "BeckonHTMLTests", dependencies: ["BeckonHTML"]),
        .testTarget(
            name: "BeckonSiteTests",
            dependencies: [
                "BeckonDiagnostics",
                "BeckonSite", "BeckonTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonLocalizationTests",
            dependencies: [
                "BeckonDiagnostics", "BeckonHTML", "BeckonSite", .product(name: "Yams", package: "Yams"),
                "BeckonJSON", "BeckonLocalization", "BeckonTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonRenderTests",
            dependencies: [
                "BeckonDiagnostics", "BeckonLocalization", "BeckonSite",
                "BeckonRender", "BeckonProvenance", "BeckonTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonChecksTests",
            dependencies: [
                "BeckonDiagnostics", "BeckonLocalization", "BeckonRender", "BeckonSite", "InviteModel", "BeckonChecks",
                "BeckonMIME", "BeckonTestSupport",
            ],
            exclude: ["Conformance"]
        ),
        .testTarget(
            name: "BeckonMIMETests",
            dependencies: [
                "BeckonMIME", "BeckonTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonEmailTests",
            dependencies: ["BeckonEmail", "BeckonMIME", "BeckonProvenance", "BeckonDiagnostics", "BeckonTestSupport"]),
        .testTarget(
            name: "BeckonConnectionsTests",
            dependencies: [
                "BeckonConnections", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .testTarget(name: "BeckonWebTests", dependencies: ["BeckonWeb", "BeckonSite", "BeckonTestSupport"]),
        .testTarget(
            name: "BeckonServingTests",
            dependencies: ["BeckonDiagnostics", "BeckonServing", "BeckonSite", "BeckonRender", "BeckonTestSupport"]
        ),
        .testTarget(
            name: "BeckonBuildTests",
            dependencies: [
                "BeckonDiagnostics", "BeckonLocalization", "BeckonRender", "BeckonReview", "BeckonSite", "InviteModel",
                "InviteSecurity", "BeckonInvitePages",
                "BeckonBuild", "BeckonEngine", "BeckonProvenance", "BeckonTestSupport", "BeckonWeb", "BeckonEmail",
                "BeckonMessages",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BeckonCardsTests",
            dependencies: [
                "BeckonDiagnostics", "BeckonSite",
                "BeckonCards", "BeckonTestSupport", "CZlib", .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BeckonServeTests",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), "BeckonBuild", "BeckonDiagnostics", "BeckonEngine",
                "BeckonInvitePages",
                "BeckonRender", "BeckonServe", "BeckonSite", "BeckonTestSupport", "InviteModel", "BeckonAPI",
                "BeckonStore", "BeckonStoreSQLite", "InviteSecurity",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "BeckonEndToEndTests",
            dependencies: [
                "beckon", "BeckonTestSupport", "BeckonMIME", "BeckonCards", "BeckonStore", "BeckonStoreSQLite",
                "InviteModel", "InviteSecurity",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            exclude: ["Goldens"]
        ),
    ]
)

// Generic types' metadata is reached through their accessor functions rather than by demangling
// their names at run time: the first time a name such as `_DictionaryStorage<Key, Value>` is
// demangled, the runtime checks its generic requirements by scanning every protocol conformance
// of the binary (about 14,700), which made a twelfth of a small build's CPU
// (docs/benchmarks.md#start-up).
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
            // A release build does not check at run time that no two accesses to a class's
            // property or a global overlap (every access called into the runtime; the debug
            // build the tests run keeps the checks): docs/benchmarks.md#exclusivity-checks.
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]
}
