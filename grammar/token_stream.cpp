#include "grammar/token_stream.h"

#include <algorithm>

#include "Exceptions.h"
#include "RuleContext.h"
#include "misc/Interval.h"
#include "base/source_text.h"

namespace wgsl {
namespace {

// The stream's token source, for runtime code that asks a stream for one (the tokens are
// already made, so it never produces any).
class NoTokenSource : public antlr4::TokenSource {
 public:
  std::unique_ptr<antlr4::Token> nextToken() override { return nullptr; }
  size_t getLine() const override { return 0; }
  size_t getCharPositionInLine() override { return 0; }
  antlr4::CharStream* getInputStream() override { return nullptr; }
  std::string getSourceName() override { return ""; }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }
};

}  // namespace

RecordToken::RecordToken(const RecordTokenStream& stream, size_t index)
    : stream_(&stream), record_(stream.record(index)), index_(static_cast<uint32_t>(index)) {}

std::string RecordToken::getText() const {
  if (record_.type == TokenRecord::kEof) return "<EOF>";
  return stream_->text().utf8(record_.begin, record_.end());
}
size_t RecordToken::getLine() const { return stream_->lineAndColumn(record_.begin).first; }
size_t RecordToken::getCharPositionInLine() const { return stream_->lineAndColumn(record_.begin).second; }
antlr4::TokenSource* RecordToken::getTokenSource() const { return stream_->getTokenSource(); }
std::string RecordToken::toString() const {
  return "[@" + std::to_string(index_) + "," + std::to_string(record_.begin) + ":" +
         std::to_string(static_cast<int64_t>(record_.end()) - 1) + "='" + getText() + "',<" +
         std::to_string(static_cast<uint32_t>(record_.type)) + ">]";
}

RecordTokenStream::RecordTokenStream(CodePoints text, std::vector<TokenRecord> records)
    : text_(text), size_(records.size()), source_(std::make_unique<NoTokenSource>()) {
  for (size_t at = 0; at < records.size(); at += kRecordChunk) {
    const size_t n = std::min(kRecordChunk, records.size() - at);
    chunks_.push_back(std::make_unique<TokenRecord[]>(n));
    std::copy(records.begin() + static_cast<ptrdiff_t>(at), records.begin() + static_cast<ptrdiff_t>(at + n),
              chunks_.back().get());
  }
}

RecordTokenStream::~RecordTokenStream() = default;

void RecordTokenStream::releaseBefore(size_t index) {
  recent_[0] = recent_[1] = Recent{};
  while (base_ < index && !window_.empty()) {
    window_.pop_front();
    ++base_;
  }
  if (window_.empty()) base_ = std::max(base_, index);
  older_.clear();
  // Keep at least one whole chunk behind `index` (error messages look back a few tokens). The
  // chunk holding the EOF record is never freed.
  while ((first_kept_ / kRecordChunk + 2) * kRecordChunk <= index && first_kept_ / kRecordChunk + 1 < chunks_.size()) {
    chunks_[first_kept_ / kRecordChunk].reset();
    first_kept_ = (first_kept_ / kRecordChunk + 1) * kRecordChunk;
  }
}

std::pair<size_t, size_t> RecordTokenStream::lineAndColumn(size_t offset) const {
  if (!newlines_ready_) {
    for (size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == U'\n') newlines_.push_back(static_cast<uint32_t>(i));
    newlines_ready_ = true;
  }
  const auto it = std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<uint32_t>(offset));
  const size_t line = 1 + static_cast<size_t>(it - newlines_.begin());
  const size_t line_start = it == newlines_.begin() ? 0 : *(it - 1) + 1;
  return {line, offset - line_start};
}

antlr4::Token* RecordTokenStream::makeToken(size_t index) const {
  antlr4::Token* token;
  if (index < base_) {
    auto it = older_.find(index);
    if (it == older_.end()) it = older_.emplace(index, RecordToken(*this, index)).first;
    token = &it->second;
  } else {
    while (base_ + window_.size() <= index) window_.emplace_back(*this, base_ + window_.size());
    token = &window_[index - base_];
  }
  recent_[index & 1] = Recent{index, token};
  return token;
}

size_t RecordTokenStream::LA(ssize_t i) {
  if (i == 0) return 0;
  const ssize_t at = static_cast<ssize_t>(p_) + (i > 0 ? i - 1 : i);
  if (at < 0) return antlr4::Token::INVALID_TYPE;
  return record(static_cast<size_t>(at)).getType();
}

void RecordTokenStream::consume() {
  if (LA(1) == antlr4::Token::EOF) throw antlr4::IllegalStateException("cannot consume EOF");
  ++p_;
}

void RecordTokenStream::seek(size_t index) { p_ = std::min(index, size_ - 1); }

antlr4::TokenSource* RecordTokenStream::getTokenSource() const { return source_.get(); }

std::string RecordTokenStream::getText(const antlr4::misc::Interval& interval) {
  if (interval.a < 0 || interval.b < 0) return "";
  const size_t last = std::min(static_cast<size_t>(interval.b), size_ - 1);
  std::string out;
  for (size_t i = std::max(static_cast<size_t>(interval.a), first_kept_); i <= last; ++i) {
    const TokenRecord& r = record(i);
    if (r.type == TokenRecord::kEof) break;
    out += text_.utf8(r.begin, r.end());
  }
  return out;
}

std::string RecordTokenStream::getText() {
  return getText(antlr4::misc::Interval(static_cast<ssize_t>(0), static_cast<ssize_t>(size_) - 1));
}

std::string RecordTokenStream::getText(antlr4::RuleContext* ctx) { return getText(ctx->getSourceInterval()); }

std::string RecordTokenStream::getText(antlr4::Token* start, antlr4::Token* stop) {
  if (start == nullptr || stop == nullptr) return "";
  return getText(antlr4::misc::Interval(start->getTokenIndex(), stop->getTokenIndex()));
}

}  // namespace wgsl
