// Buffers and bind groups of the host API.
#include <fmt/format.h>

#include "runtime/runtime_data.h"

namespace wgsl::runtime {

uint64_t Buffer::size() const { return data_ ? data_->bytes.size() : 0; }
uint32_t Buffer::usage() const { return data_ ? data_->usage : 0; }

static void checkRange(const Buffer& b, uint64_t offset, uint64_t bytes, const char* what) {
  if (!b.valid()) throw Error(fmt::format("cannot {} an empty Buffer handle (create it with Device::createBuffer)", what));
  if (offset > b.size() || bytes > b.size() - offset) {
    throw Error(fmt::format("cannot {} {} bytes at offset {}: the buffer has only {} bytes", what, bytes, offset,
                            b.size()));
  }
}

void Buffer::write(uint64_t offset, const void* src, uint64_t bytes) {
  checkRange(*this, offset, bytes, "write");
  if (bytes) std::memcpy(data_->bytes.data() + offset, src, bytes);
}

void Buffer::read(uint64_t offset, void* dst, uint64_t bytes) const {
  checkRange(*this, offset, bytes, "read");
  if (bytes) std::memcpy(dst, data_->bytes.data() + offset, bytes);
}

void Buffer::fill(uint8_t value) {
  if (data_) std::memset(data_->bytes.data(), value, data_->bytes.size());
}

uint8_t* Buffer::data() { return data_ ? data_->bytes.data() : nullptr; }
const uint8_t* Buffer::data() const { return data_ ? data_->bytes.data() : nullptr; }

BindGroup& BindGroup::bind(uint32_t group, uint32_t binding, const Buffer& buffer, uint64_t offset, uint64_t size) {
  entries_.push_back(Entry{group, binding, buffer, offset, size});
  return *this;
}

}  // namespace wgsl::runtime
