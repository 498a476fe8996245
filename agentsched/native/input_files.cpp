//===- input_files.cpp - the files the plugin reads -------------------------===//
#include "input_files.h"

#include "llvm/Support/FileSystem.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace agentsched {

static const char *kindOf(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "not a plain file";
}

std::string readInputFile(const std::string &Path, const char *What, uint64_t MaxBytes,
                          std::unique_ptr<MemoryBuffer> &Out) {
  std::string Cannot = std::string("cannot read ") + What + " '" + Path + "': ";
  if (Path.empty())
    return Cannot + "empty file name";
  // O_NONBLOCK: opening a FIFO that has no writer returns at once (fstat then refuses it).
  int Fd = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0)
    return Cannot + std::strerror(errno);
  struct stat St;
  std::string Err;
  if (::fstat(Fd, &St) != 0)
    Err = std::strerror(errno);
  else if (!S_ISREG(St.st_mode))
    Err = std::string("not a regular file (") + kindOf(St.st_mode) + ")";
  else if (uint64_t(St.st_size) > MaxBytes)
    Err = "larger than " + std::to_string(MaxBytes >> 20) + " MiB (" +
          std::to_string(St.st_size) + " bytes)";
  if (Err.empty()) {
    auto Buf = MemoryBuffer::getOpenFile(sys::fs::convertFDToNativeFile(Fd), Path,
                                         St.st_size, /*RequiresNullTerminator=*/false);
    if (Buf)
      Out = std::move(*Buf);
    else
      Err = Buf.getError().message();
  }
  ::close(Fd);
  return Err.empty() ? Err : Cannot + Err;
}

unsigned lineTooDeep(StringRef Text) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0, E = Text.size(); I < E; ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character cannot end the string
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxJsonDepth)
        return 1 + std::count(Text.begin(), Text.begin() + I, '\n');
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return 0;
}

} // namespace agentsched
