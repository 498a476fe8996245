"""The LLVM layer: find LLVM 19's tools, build the plugin, turn sources into IR, run llc-19 with the
plugin (from decision files or a live session) and measure what it made."""
