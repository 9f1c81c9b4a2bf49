// swift-tools-version: 6.1
// libFuzzer targets for Beckon's parsers. Build and run them with `scripts/fuzz.sh TARGET SECONDS`
// (docs/fuzzing.md); a plain `swift build` here builds a replayer that runs the targets over files.
import PackageDescription

let package = Package(
    name: "beckon-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named, so the product is found whatever the checkout's folder is called.
        .package(name: "beckon", path: ".."),
        // The same swift-crypto Beckon uses, for RSA signing of fuzzed token payloads.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // The declaration of libFuzzer's driver, which the fuzzing build's entry point calls.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "beckon-fuzz",
            dependencies: [
                "CFuzzDriver",
                .product(name: "BeckonParsers", package: "beckon"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        )
    ]
)
