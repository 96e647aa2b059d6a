import Foundation

/// The bytes a JSON serializer writes, handed over as `Data` without a
/// copy: the buffer it grows becomes the `Data`'s own storage. Building an
/// array and then `Data` from it cost one allocation and one copy more for
/// every value the Sandbox answers with (Docs/Performance.md, benchmark 8).
///
/// Not copyable, so the buffer has one owner: it is freed by ``data()``'s
/// `Data` or, if never handed over, when the output goes away.
struct JSONOutput: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var count = 0
    private var capacity: Int

    /// An empty output with room for `capacity` bytes; most answers are
    /// small, so one allocation usually holds them.
    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        base.deallocate()
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends bytes: copied whole when they are contiguous, as a native
    /// string's are.
    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            reserve(buffer.count)
            if let source = buffer.baseAddress {
                (base + count).copyMemory(from: source, byteCount: buffer.count)
            }
            count += buffer.count
        }
        if copied == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// The bytes written, owning the buffer from now on.
    consuming func data() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
        discard self
        return data
    }

    /// Makes room for `extra` more bytes, doubling the buffer as needed.
    private mutating func reserve(_ extra: Int) {
        guard capacity - count < extra else { return }
        var newCapacity = capacity
        while newCapacity - count < extra { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
