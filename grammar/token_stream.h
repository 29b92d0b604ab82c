// The ANTLR token stream over the compact token records of token_pipeline.h.
//
// ANTLR's CommonTokenStream needs one heap-allocated Token object (with its own text) per token,
// all alive until the parse ends: about 100 bytes per token. Here the parser reads token types
// straight from the records (LA), and Token objects are made only for the tokens it actually
// asks for (LT, get), in a window that the caller shrinks between module-scope items
// (releaseBefore) once nothing refers to them any more.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "CommonTokenFactory.h"
#include "Token.h"
#include "TokenSource.h"
#include "TokenStream.h"
#include "base/source_text.h"
#include "grammar/token_pipeline.h"

namespace wgsl {

class RecordTokenStream;

// A token of a RecordTokenStream: a copy of its record plus the way back to the text.
class RecordToken : public antlr4::Token {
 public:
  RecordToken(const RecordTokenStream& stream, size_t index);

  std::string getText() const override;
  size_t getType() const override { return record_.getType(); }
  size_t getLine() const override;
  size_t getCharPositionInLine() const override;
  size_t getChannel() const override { return DEFAULT_CHANNEL; }
  size_t getTokenIndex() const override { return index_; }
  size_t getStartIndex() const override { return record_.getStartIndex(); }
  size_t getStopIndex() const override { return record_.getStopIndex(); }
  antlr4::TokenSource* getTokenSource() const override;
  antlr4::CharStream* getInputStream() const override { return nullptr; }
  std::string toString() const override;

 private:
  const RecordTokenStream* stream_;
  TokenRecord record_;
  uint32_t index_;
};

class RecordTokenStream final : public antlr4::TokenStream {
 public:
  // `text` must outlive the stream; `records` ends with the EOF record. The records are moved
  // into fixed-size chunks so that the chunks parsing has left behind can be freed.
  RecordTokenStream(CodePoints text, std::vector<TokenRecord> records);
  ~RecordTokenStream() override;

  // Token objects below `index` are no longer referenced (by parse trees or errors) and may be
  // freed. Asking for such a token again is allowed (it is made anew) if it is at or after
  // firstKept(): records more than kRecordChunk tokens behind `index` are freed, so a module's
  // token records do not stay alive next to its whole AST.
  void releaseBefore(size_t index);
  // The first token whose record is still held (0 until releaseBefore frees a chunk). Everything
  // before it was parsed and handed over as complete module-scope items.
  size_t firstKept() const { return first_kept_; }
  // The record of token `i` (clamped to the EOF record), without making a Token object.
  // `i` must be at least firstKept().
  const TokenRecord& record(size_t i) const {
    if (i >= size_) i = size_ - 1;
    return chunks_[i / kRecordChunk][i % kRecordChunk];
  }
  const CodePoints& text() const { return text_; }
  // 1-based line and 0-based column of a code-point offset, as ANTLR counts them ('\n' only).
  std::pair<size_t, size_t> lineAndColumn(size_t offset) const;

  // antlr4::TokenStream
  // The parser asks for a token several times per token (rule entry, match, consume, rule exit):
  // the answer for the two most recent indices is returned inline, anything else is made or
  // found out of line (makeToken).
  antlr4::Token* LT(ssize_t k) override {
    if (k == 0) return nullptr;
    if (k < 0) {
      if (static_cast<ssize_t>(p_) + k < 0) return nullptr;
      return get(static_cast<size_t>(static_cast<ssize_t>(p_) + k));
    }
    return get(p_ + static_cast<size_t>(k) - 1);
  }
  antlr4::Token* get(size_t index) const override {
    if (index >= size_) index = size_ - 1;
    const Recent& recent = recent_[index & 1];
    if (recent.index == index) return recent.token;
    return makeToken(index);
  }
  antlr4::TokenSource* getTokenSource() const override;
  std::string getText(const antlr4::misc::Interval& interval) override;
  std::string getText() override;
  std::string getText(antlr4::RuleContext* ctx) override;
  std::string getText(antlr4::Token* start, antlr4::Token* stop) override;
  // antlr4::IntStream
  void consume() override;
  size_t LA(ssize_t i) override;
  ssize_t mark() override { return 0; }
  void release(ssize_t) override {}
  size_t index() override { return p_; }
  void seek(size_t index) override;
  size_t size() override { return size_; }
  std::string getSourceName() const override { return ""; }

 private:
  antlr4::Token* makeToken(size_t index) const;  // get() when index is not a recent one

  static constexpr size_t kRecordChunk = size_t{1} << 15;  // 256 KiB of records
  CodePoints text_;
  std::vector<std::unique_ptr<TokenRecord[]>> chunks_;
  size_t size_ = 0;
  size_t first_kept_ = 0;
  size_t p_ = 0;
  // Tokens [base_, base_ + window_.size()) made so far; a deque keeps their addresses stable.
  mutable std::deque<RecordToken> window_;
  mutable size_t base_ = 0;
  // Tokens asked for below the window (error reporting only).
  mutable std::map<size_t, RecordToken> older_;
  // The tokens last returned by get() at an even and at an odd index: the parser asks for the
  // same token several times in a row (rule entry, match, consume) and for the one before it
  // (rule exit). Cleared by releaseBefore, which frees tokens.
  struct Recent {
    size_t index = SIZE_MAX;
    antlr4::Token* token = nullptr;
  };
  mutable Recent recent_[2];
  mutable std::vector<uint32_t> newlines_;  // offsets of '\n', made on first use
  mutable bool newlines_ready_ = false;
  std::unique_ptr<antlr4::TokenSource> source_;
};

}  // namespace wgsl
