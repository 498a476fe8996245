//===- input_files.h - the files the plugin reads ---------------------------===//
//
// A policy file and a decision file are read by the same rules (docs/protocol.md, "Files
// the plugin reads"), which agentsched.core.inputs applies in Python too: a regular file
// only (opened without blocking, so a FIFO with no writer or a device is refused, not
// waited on or read without end), at most a size limit, and JSON that nests at most
// MaxJsonDepth deep (checked before llvm::json::parse, which recurses, sees it).
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_INPUT_FILES_H
#define AGENTSCHED_INPUT_FILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>

namespace agentsched {
using namespace llvm;

// The largest policy the format allows (8 layers of 1024 outputs) takes about 235 MB as
// agentsched writes it; a decision file holds a few dozen bytes per decision point.
inline constexpr uint64_t MaxPolicyBytes = uint64_t(256) << 20;   // 256 MiB
inline constexpr uint64_t MaxDecisionsBytes = uint64_t(1) << 30;  // 1 GiB
inline constexpr unsigned MaxJsonDepth = 64; // a policy needs 6, a decision line 1

// Reads the file at Path (What: "policy file", "decisions file"), at most MaxBytes;
// returns an error naming it ("cannot read policy file 'P': ..."), empty when Out holds it.
std::string readInputFile(const std::string &Path, const char *What, uint64_t MaxBytes,
                          std::unique_ptr<MemoryBuffer> &Out);

// The line (from 1) on which Text's JSON first nests deeper than MaxJsonDepth arrays and
// objects (strings skipped, a backslash in one escapes the next byte); 0 when it does not.
// One pass, no recursion; agentsched.core.inputs.line_too_deep is the same scan.
unsigned lineTooDeep(StringRef Text);

// What is wrong with such a line.
inline const std::string TooDeep =
    "JSON nested more than " + std::to_string(MaxJsonDepth) + " levels deep";

} // namespace agentsched

#endif
