//===- Npy.cpp - .npy files for the tools ---------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Npy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace hlox::eval;

namespace hlox::tools {

/// The element type of a .npy dtype string like "<f4".
static Type typeOfDescr(StringRef descr, MLIRContext *context) {
  if (descr.size() < 3 || (descr[0] != '<' && descr[0] != '|' &&
                           descr[0] != '='))
    return {};
  char kind = descr[1];
  unsigned bytes = 0;
  if (descr.drop_front(2).getAsInteger(10, bytes))
    return {};
  Builder b(context);
  switch (kind) {
  case 'b':
    return bytes == 1 ? b.getI1Type() : Type();
  case 'i':
    return b.getIntegerType(bytes * 8);
  case 'u':
    return b.getIntegerType(bytes * 8, /*isSigned=*/false);
  case 'f':
    return bytes == 2 ? Type(b.getF16Type())
           : bytes == 4 ? Type(b.getF32Type())
           : bytes == 8 ? Type(b.getF64Type())
                        : Type();
  case 'c':
    return bytes == 8    ? Type(ComplexType::get(b.getF32Type()))
           : bytes == 16 ? Type(ComplexType::get(b.getF64Type()))
                         : Type();
  default:
    return {};
  }
}

/// The .npy dtype of an element type, or "" when NumPy has none.
static std::string descrOf(Type type) {
  if (type.isInteger(1))
    return "|b1";
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return "";
    return std::string(width == 8 ? "|" : "<") +
           (integer.isUnsigned() ? "u" : "i") + std::to_string(width / 8);
  }
  if (type.isF16())
    return "<f2";
  if (type.isF32())
    return "<f4";
  if (type.isF64())
    return "<f8";
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() ? "<c8" : "<c16";
  return "";
}

/// The value of `key` in the header dictionary text.
static StringRef headerValue(StringRef header, StringRef key) {
  size_t at = header.find(("'" + key + "'").str());
  if (at == StringRef::npos)
    return {};
  StringRef rest = header.drop_front(at + key.size() + 2).ltrim(" :");
  if (rest.starts_with("(")) {
    size_t end = rest.find(')');
    return end == StringRef::npos ? StringRef() : rest.take_front(end + 1);
  }
  if (rest.starts_with("'")) {
    size_t end = rest.find('\'', 1);
    return end == StringRef::npos ? StringRef() : rest.slice(1, end);
  }
  return rest.take_until([](char c) { return c == ',' || c == '}'; }).trim();
}

llvm::Expected<Tensor> readNpy(StringRef path, MLIRContext *context) {
  auto fail = [&](const Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + why);
  };
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!file)
    return fail("cannot read: " + file.getError().message());
  StringRef data = (*file)->getBuffer();
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    return fail("not a .npy file");
  uint8_t major = data[6];
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = uint8_t(data[8]) | (uint8_t(data[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return fail("truncated header");
    headerLen = uint32_t(uint8_t(data[8])) | (uint32_t(uint8_t(data[9])) << 8) |
                (uint32_t(uint8_t(data[10])) << 16) |
                (uint32_t(uint8_t(data[11])) << 24);
    headerStart = 12;
  } else {
    return fail("unsupported .npy version " + Twine(major));
  }
  if (headerStart + headerLen > data.size())
    return fail("truncated header");
  StringRef header = data.substr(headerStart, headerLen);
  StringRef descr = headerValue(header, "descr");
  Type element = typeOfDescr(descr, context);
  if (!element)
    return fail("unsupported dtype '" + descr + "'");
  if (headerValue(header, "fortran_order") != "False")
    return fail("only C-order arrays are supported");
  StringRef shapeText = headerValue(header, "shape");
  if (shapeText.empty())
    return fail("header has no shape");
  SmallVector<int64_t> shape;
  SmallVector<StringRef> parts;
  shapeText.trim("()").split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    int64_t size;
    if (part.trim().getAsInteger(10, size) || size < 0)
      return fail("bad shape " + shapeText);
    shape.push_back(size);
  }
  Tensor tensor(RankedTensorType::get(shape, element));
  // f16 is held as float; every other dtype is held as it is stored.
  size_t fileElementSize = element.isF16() ? 2 : tensor.getElementSize();
  size_t bytes = tensor.getNumElements() * fileElementSize;
  StringRef payload = data.drop_front(headerStart + headerLen);
  if (payload.size() != bytes)
    return fail("holds " + Twine(payload.size()) + " data bytes, expected " +
                Twine(bytes));
  if (element.isF16()) {
    auto out = tensor.data<float>();
    for (size_t i = 0; i < out.size(); ++i) {
      _Float16 half;
      std::memcpy(&half, payload.data() + 2 * i, 2);
      out[i] = static_cast<float>(half);
    }
  } else {
    std::memcpy(tensor.getRawData(), payload.data(), bytes);
  }
  return tensor;
}

llvm::Error writeNpy(StringRef path, const Tensor &tensor) {
  std::string descr = descrOf(tensor.getElementType());
  if (descr.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot write " + path + ": NumPy has no dtype for this element type");
  std::string shape = "(";
  for (int64_t size : tensor.getShape())
    shape += std::to_string(size) + ", ";
  if (tensor.getRank() > 1)
    shape.resize(shape.size() - 2);
  else if (tensor.getRank() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad so that the data starts at a multiple of 64 bytes.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_None);
  if (error)
    return llvm::createStringError(error, "cannot write " + path + ": " +
                                              error.message());
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xFF)
     << char(header.size() >> 8) << header;
  if (tensor.getElementType().isF16()) {
    for (float value : tensor.data<float>()) {
      _Float16 half = static_cast<_Float16>(value);
      os.write(reinterpret_cast<const char *>(&half), 2);
    }
  } else {
    os.write(reinterpret_cast<const char *>(tensor.getRawData()),
             tensor.getNumElements() * tensor.getElementSize());
  }
  return llvm::Error::success();
}

} // namespace hlox::tools
