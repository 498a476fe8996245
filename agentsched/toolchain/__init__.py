"""Toolchain layer: find tools, build the plugin, compile sources with it."""
from .compile import (CompileResult, Target, UnknownTarget, compile_ir, emit_ir, parse_target,
                      module_bytes, module_suffix, stock_asm, write_output)
from .plugin import data_dir, plugin_path
from .tools import ToolFailed, ToolMissing

__all__ = ["CompileResult", "Target", "UnknownTarget", "compile_ir", "emit_ir", "parse_target",
           "module_bytes", "module_suffix", "stock_asm", "write_output", "data_dir",
           "plugin_path", "ToolFailed", "ToolMissing"]
