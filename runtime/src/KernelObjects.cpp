//===- KernelObjects.cpp - Loading relocatable kernel objects ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each object gets one mapping: its allocatable sections, aligned, one after
// the other, then a table of 8-byte addresses for the GOT-relative and
// out-of-range references to runtime symbols (with a 16-byte jump stub
// each, for calls). The mapping is writable while relocations are applied,
// then read-only and executable.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/KernelObjects.h"

#include "hlox/runtime/Builtins.h"

#include <elf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <unordered_map>

using namespace hlox;
using namespace hlox::runtime;

namespace {

/// One loaded object's memory.
struct Mapping {
  void *base = nullptr;
  size_t size = 0;
  ~Mapping() {
    if (base)
      munmap(base, size);
  }
};

class LoadedKernels final : public KernelLibrary {
public:
  KernelFn lookup(const std::string &name) override {
    auto it = entries.find(name);
    return it == entries.end() ? nullptr : it->second;
  }
  std::vector<std::unique_ptr<Mapping>> mappings;
  std::unordered_map<std::string, KernelFn> entries;
};

template <typename T>
bool readAt(const std::string &bytes, uint64_t offset, T &out) {
  if (offset > bytes.size() || sizeof(T) > bytes.size() - offset)
    return false;
  std::memcpy(&out, bytes.data() + offset, sizeof(T));
  return true;
}

Status loadOne(const KernelObject &object,
               const std::unordered_map<std::string, void *> &runtimeSymbols,
               LoadedKernels &library) {
  auto bad = [&](const std::string &why) {
    return Status::error("cannot load kernel object " + object.symbol + ": " +
                         why);
  };
  const std::string &bytes = object.bytes;
  Elf64_Ehdr header;
  if (!readAt(bytes, 0, header) ||
      std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_ident[EI_DATA] != ELFDATA2LSB)
    return bad("not a 64-bit little-endian ELF file");
  if (header.e_type != ET_REL || header.e_machine != EM_X86_64)
    return bad("not an x86-64 relocatable object");
  if (header.e_shentsize != sizeof(Elf64_Shdr))
    return bad("unexpected section header size");
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  for (unsigned i = 0; i < header.e_shnum; ++i)
    if (!readAt(bytes, header.e_shoff + i * sizeof(Elf64_Shdr), sections[i]))
      return bad("truncated section headers");
  // Every section with contents lies in the file.
  for (const Elf64_Shdr &section : sections)
    if (section.sh_type != SHT_NOBITS && section.sh_type != SHT_NULL &&
        (section.sh_offset > bytes.size() ||
         section.sh_size > bytes.size() - section.sh_offset))
      return bad("a section lies outside the file");

  // Where each allocatable section goes.
  std::vector<uint64_t> placement(sections.size(), ~uint64_t(0));
  uint64_t size = 0;
  for (unsigned i = 0; i < sections.size(); ++i) {
    const Elf64_Shdr &section = sections[i];
    if (!(section.sh_flags & SHF_ALLOC) || section.sh_size == 0)
      continue;
    uint64_t align = std::max<uint64_t>(section.sh_addralign, 1);
    if (align & (align - 1) || align > 4096)
      return bad("unsupported section alignment");
    if (section.sh_size > (uint64_t(1) << 30) || size > (uint64_t(1) << 30))
      return bad("sections of more than 1 GiB");
    size = (size + align - 1) / align * align;
    placement[i] = size;
    size += section.sh_size;
    if (section.sh_type != SHT_NOBITS &&
        (section.sh_offset > bytes.size() ||
         section.sh_size > bytes.size() - section.sh_offset))
      return bad("truncated section");
  }

  // The symbol table.
  const Elf64_Shdr *symtab = nullptr;
  for (const Elf64_Shdr &section : sections)
    if (section.sh_type == SHT_SYMTAB)
      symtab = &section;
  if (!symtab || symtab->sh_link >= sections.size() ||
      symtab->sh_entsize != sizeof(Elf64_Sym))
    return bad("no symbol table");
  const Elf64_Shdr &strtab = sections[symtab->sh_link];
  size_t numSymbols = symtab->sh_size / sizeof(Elf64_Sym);
  std::vector<Elf64_Sym> symbols(numSymbols);
  for (size_t i = 0; i < numSymbols; ++i)
    if (!readAt(bytes, symtab->sh_offset + i * sizeof(Elf64_Sym), symbols[i]))
      return bad("truncated symbol table");
  auto nameOf = [&](const Elf64_Sym &symbol) -> std::string {
    uint64_t at = strtab.sh_offset + symbol.st_name;
    if (symbol.st_name >= strtab.sh_size || at >= bytes.size())
      return {};
    size_t end = bytes.find('\0', at);
    if (end == std::string::npos || end > strtab.sh_offset + strtab.sh_size)
      return {};
    return bytes.substr(at, end - at);
  };

  // A table entry (address, then a jump stub through it) per runtime
  // symbol the object refers to.
  std::map<std::string, uint64_t> tableSlot;
  for (const Elf64_Shdr &section : sections) {
    if (section.sh_type != SHT_RELA || section.sh_info >= sections.size() ||
        placement[section.sh_info] == ~uint64_t(0))
      continue;
    for (uint64_t at = 0; at + sizeof(Elf64_Rela) <= section.sh_size;
         at += sizeof(Elf64_Rela)) {
      Elf64_Rela rela;
      if (!readAt(bytes, section.sh_offset + at, rela))
        return bad("truncated relocations");
      uint32_t index = ELF64_R_SYM(rela.r_info);
      if (index >= symbols.size())
        return bad("relocation of a missing symbol");
      if (symbols[index].st_shndx == SHN_UNDEF && index != 0)
        tableSlot.try_emplace(nameOf(symbols[index]), 0);
    }
  }
  size = (size + 15) / 16 * 16;
  for (auto &[name, slot] : tableSlot) {
    slot = size;
    size += 24; // 8-byte address, 16-byte stub
  }

  long page = sysconf(_SC_PAGESIZE);
  size_t mapped = (std::max<uint64_t>(size, 1) + page - 1) / page * page;
  auto mapping = std::make_unique<Mapping>();
  mapping->base = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping->base == MAP_FAILED) {
    mapping->base = nullptr;
    return bad("out of memory");
  }
  mapping->size = mapped;
  auto *base = static_cast<uint8_t *>(mapping->base);
  for (unsigned i = 0; i < sections.size(); ++i)
    if (placement[i] != ~uint64_t(0) && sections[i].sh_type != SHT_NOBITS)
      std::memcpy(base + placement[i], bytes.data() + sections[i].sh_offset,
                  sections[i].sh_size);
  for (auto &[name, slot] : tableSlot) {
    auto it = runtimeSymbols.find(name);
    if (it == runtimeSymbols.end())
      return bad("it refers to '" + name +
                 "', which the runtime does not "
                 "define");
    uint64_t address = reinterpret_cast<uint64_t>(it->second);
    std::memcpy(base + slot, &address, 8);
    // jmp *-14(%rip): the stub jumps through the address before it.
    uint8_t stub[16] = {0xFF, 0x25, 0xF2, 0xFF, 0xFF, 0xFF, 0x0F, 0x0B,
                        0xCC, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC};
    std::memcpy(base + slot + 8, stub, sizeof(stub));
  }

  auto symbolAddress = [&](const Elf64_Sym &symbol, uint64_t &address,
                           uint64_t &slot) -> bool {
    slot = 0;
    if (symbol.st_shndx == SHN_UNDEF) {
      auto it = tableSlot.find(nameOf(symbol));
      if (it == tableSlot.end())
        return false;
      slot = it->second;
      uint64_t value;
      std::memcpy(&value, base + slot, 8);
      address = value;
      return true;
    }
    if (symbol.st_shndx == SHN_ABS) {
      address = symbol.st_value;
      return true;
    }
    if (symbol.st_shndx >= sections.size() ||
        placement[symbol.st_shndx] == ~uint64_t(0))
      return false;
    address = reinterpret_cast<uint64_t>(base) + placement[symbol.st_shndx] +
              symbol.st_value;
    return true;
  };

  for (const Elf64_Shdr &section : sections) {
    if (section.sh_type == SHT_REL)
      return bad("REL relocations are not supported");
    if (section.sh_type != SHT_RELA || section.sh_info >= sections.size() ||
        placement[section.sh_info] == ~uint64_t(0))
      continue;
    const Elf64_Shdr &target = sections[section.sh_info];
    if (target.sh_type == SHT_NOBITS)
      return bad("relocations in a section without contents");
    uint64_t targetStart = placement[section.sh_info];
    for (uint64_t at = 0; at + sizeof(Elf64_Rela) <= section.sh_size;
         at += sizeof(Elf64_Rela)) {
      Elf64_Rela rela;
      readAt(bytes, section.sh_offset + at, rela);
      uint32_t type = ELF64_R_TYPE(rela.r_info);
      if (type == R_X86_64_NONE)
        continue;
      if (rela.r_offset > target.sh_size || target.sh_size - rela.r_offset < 4)
        return bad("relocation outside its section");
      uint8_t *place = base + targetStart + rela.r_offset;
      uint64_t placeAddress = reinterpret_cast<uint64_t>(place);
      uint64_t symbol = 0, slot = 0;
      uint32_t index = ELF64_R_SYM(rela.r_info);
      if (index != 0 && !symbolAddress(symbols[index], symbol, slot))
        return bad("relocation against a section that is not loaded");
      auto write64 = [&](uint64_t value) {
        if (target.sh_size - rela.r_offset < 8)
          return false;
        std::memcpy(place, &value, 8);
        return true;
      };
      auto write32 = [&](int64_t value) {
        if (value < INT32_MIN || value > INT32_MAX)
          return false;
        int32_t narrow = static_cast<int32_t>(value);
        std::memcpy(place, &narrow, 4);
        return true;
      };
      bool ok;
      switch (type) {
      case R_X86_64_64:
        ok = write64(symbol + rela.r_addend);
        break;
      case R_X86_64_PC64:
        ok = write64(symbol + rela.r_addend - placeAddress);
        break;
      case R_X86_64_PC32:
      case R_X86_64_PLT32: {
        // A runtime function may be far away: call its stub instead.
        uint64_t destination = symbol;
        if (slot && type == R_X86_64_PLT32)
          destination = reinterpret_cast<uint64_t>(base) + slot + 8;
        ok = write32(
            static_cast<int64_t>(destination + rela.r_addend - placeAddress));
        break;
      }
      case R_X86_64_GOTPCREL:
      case R_X86_64_GOTPCRELX:
      case R_X86_64_REX_GOTPCRELX: {
        if (!slot)
          return bad("GOT reference to a local symbol");
        uint64_t entry = reinterpret_cast<uint64_t>(base) + slot;
        ok =
            write32(static_cast<int64_t>(entry + rela.r_addend - placeAddress));
        break;
      }
      case R_X86_64_32:
        ok = symbol + rela.r_addend <= UINT32_MAX &&
             write32(static_cast<int64_t>(
                 static_cast<uint32_t>(symbol + rela.r_addend)));
        break;
      case R_X86_64_32S:
        ok = write32(static_cast<int64_t>(symbol + rela.r_addend));
        break;
      default:
        return bad("unsupported relocation type " + std::to_string(type));
      }
      if (!ok)
        return bad("relocation out of range");
    }
  }

  if (mprotect(mapping->base, mapped, PROT_READ | PROT_EXEC) != 0)
    return bad("cannot make the code executable");
  __builtin___clear_cache(reinterpret_cast<char *>(base),
                          reinterpret_cast<char *>(base + size));

  std::string entryName = object.symbol + kKernelEntrySuffix;
  KernelFn entry = nullptr;
  for (const Elf64_Sym &symbol : symbols)
    if (symbol.st_shndx != SHN_UNDEF && nameOf(symbol) == entryName) {
      uint64_t address = 0, slot = 0;
      if (symbolAddress(symbol, address, slot))
        entry = reinterpret_cast<KernelFn>(address);
    }
  if (!entry)
    return bad("no entry point " + entryName);
  for (const std::string &name : object.names)
    library.entries[name + kKernelEntrySuffix] = entry;
  library.mappings.push_back(std::move(mapping));
  return {};
}

} // namespace

std::shared_ptr<KernelLibrary>
runtime::loadKernelObjects(const std::vector<KernelObject> &objects,
                           Status &status) {
  std::unordered_map<std::string, void *> runtimeSymbols;
  for (const KernelSymbol &symbol : getKernelSymbols())
    runtimeSymbols[symbol.name] = symbol.address;
  auto library = std::make_shared<LoadedKernels>();
  for (const KernelObject &object : objects) {
    status = loadOne(object, runtimeSymbols, *library);
    if (!status)
      return nullptr;
  }
  status = {};
  return library;
}
