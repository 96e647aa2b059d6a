#if SandboxServer
    /// An optional whose absence is written as `null`: synthesized coding
    /// leaves a `nil` key out, and the console tells some states (a stream's
    /// unknown size, a query that is not there) by the `null`.
    @propertyWrapper
    struct EncodedAsNull<Value: Encodable>: Encodable {
        var wrappedValue: Value?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let wrappedValue {
                try container.encode(wrappedValue)
            } else {
                try container.encodeNil()
            }
        }
    }
#endif
