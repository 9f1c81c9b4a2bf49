extension Step {
    /// The key of one of the step's results: the fingerprint of the step's own arguments (a
    /// locale, a route, the fingerprint of the artifact it checks), in order. What the step reads
    /// is never part of its key: it records those reads as it runs.
    ///
    /// Texts, fingerprints, flags and lists of them go into the hash directly (keys are made for
    /// every route of every run); anything else through its `Encodable` form.
    public func key(_ arguments: any Encodable...) -> Fingerprint {
        var builder = FingerprintBuilder(name.rawValue)
        builder.add(arguments.count)
        for argument in arguments {
            switch argument {
            case let text as String:
                builder.add(KeyArgument.text.rawValue)
                builder.add(text)
            case let text as String?:
                builder.add(KeyArgument.optionalText.rawValue)
                builder.add(text)
            case let fingerprint as Fingerprint:
                builder.add(KeyArgument.fingerprint.rawValue)
                builder.add(fingerprint)
            case let flag as Bool:
                builder.add(KeyArgument.flag.rawValue)
                builder.add(flag)
            case let texts as [String?]:
                builder.add(KeyArgument.texts.rawValue)
                builder.add(texts.count)
                for text in texts { builder.add(text) }
            case let fingerprints as [Fingerprint]:
                builder.add(KeyArgument.fingerprints.rawValue)
                builder.add(fingerprints)
            default:
                builder.add(KeyArgument.encoded.rawValue)
                builder.add(Fingerprint(encoding: argument))
            }
        }
        return builder.finish()
    }

    /// The key of a result whose arguments are a fingerprint and a flag (an artifact's checks:
    /// its fingerprint and whether links are checked online): the key `key(_:)` makes of them,
    /// hashed without boxing each argument (two keys for each artifact of every build).
    public func key(_ fingerprint: Fingerprint, _ flag: Bool) -> Fingerprint {
        var builder = FingerprintBuilder(name.rawValue)
        builder.add(2)
        builder.add(KeyArgument.fingerprint.rawValue)
        builder.add(fingerprint)
        builder.add(KeyArgument.flag.rawValue)
        builder.add(flag)
        return builder.finish()
    }

    /// The key of a result whose arguments are two texts (a string of one locale: the locale and
    /// the string's key): the key `key(_:)` makes of them, hashed without boxing either (one for
    /// each string of every locale, every run).
    public func key(_ first: String, _ second: String) -> Fingerprint {
        var builder = FingerprintBuilder(name.rawValue)
        builder.add(2)
        builder.add(KeyArgument.text.rawValue)
        builder.add(first)
        builder.add(KeyArgument.text.rawValue)
        builder.add(second)
        return builder.finish()
    }

    /// The key of a result whose one argument is a list of texts (a render step's: the template,
    /// the locale, the route): the key `key(_:)` makes of that list, hashed without boxing it or
    /// trying it against the other kinds first (one for each route of every run).
    public func key(texts: [String?]) -> Fingerprint {
        var builder = FingerprintBuilder(name.rawValue)
        builder.add(1)
        builder.add(KeyArgument.texts.rawValue)
        builder.add(texts.count)
        for text in texts { builder.add(text) }
        return builder.finish()
    }
}

/// How each argument of a key is written, so arguments of different kinds never hash alike.
private enum KeyArgument: Int {
    case text = 1, optionalText, fingerprint, flag, texts, fingerprints, encoded
}
