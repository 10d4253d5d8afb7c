import Foundation

/// The linker's build id of the running executable (its `.note.gnu.build-id`): a hash of the
/// linked program the linker computed, read from the ELF headers (three small reads) instead of
/// hashing the whole statically linked file on every build, which would dominate a no-op
/// rebuild's time.
enum ExecutableBuildID {
  /// The id's bytes; nil when the executable has none (linked without `--build-id`) or is no
  /// 64-bit little-endian ELF file.
  static func current(path: String = "/proc/self/exe") -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    func read(_ count: Int, at offset: Int) -> [UInt8]? {
      guard count > 0, count <= 1 << 20 else { return nil }
      var bytes = [UInt8](repeating: 0, count: count)
      let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
      return got == count ? bytes : nil
    }
    // ELF64 header: magic, class 2 (64-bit), data 1 (little-endian); e_phoff, e_phentsize, e_phnum.
    guard let header = read(64, at: 0), header[0..<6] == [0x7F, 0x45, 0x4C, 0x46, 2, 1] else { return nil }
    let table = Int(header.little(UInt64.self, at: 32))
    let entrySize = Int(header.little(UInt16.self, at: 54))
    let entries = Int(header.little(UInt16.self, at: 56))
    guard entrySize >= 56, let headers = read(entrySize * entries, at: table) else { return nil }
    for index in 0..<entries {
      let entry = index * entrySize
      guard headers.little(UInt32.self, at: entry) == 4 else { continue }  // PT_NOTE
      let offset = Int(headers.little(UInt64.self, at: entry + 8))
      let size = Int(headers.little(UInt64.self, at: entry + 32))
      if let notes = read(size, at: offset), let id = notes.withUnsafeBytes({ buildID(inNotes: $0) }) {
        return id
      }
    }
    return nil
  }

  /// The descriptor of the `GNU` note of type `NT_GNU_BUILD_ID` (3) among ELF notes: each a
  /// 12-byte header (name size, descriptor size, type), the name and the descriptor, both
  /// padded to 4 bytes.
  static func buildID(inNotes notes: UnsafeRawBufferPointer) -> [UInt8]? {
    func padded(_ size: Int) -> Int { (size + 3) & ~3 }
    var offset = 0
    while offset + 12 <= notes.count {
      let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      let descriptorSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
      let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
      let name = offset + 12
      let descriptor = name + padded(nameSize)
      guard descriptor + descriptorSize <= notes.count else { return nil }
      if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == Array("GNU\0".utf8), descriptorSize > 0 {
        return Array(notes[descriptor..<descriptor + descriptorSize])
      }
      offset = descriptor + padded(descriptorSize)
    }
    return nil
  }
}

extension [UInt8] {
  /// The little-endian integer at `offset`.
  fileprivate func little<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
    var value: T = 0
    for byte in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(self[offset + byte]) }
    return value
  }
}
