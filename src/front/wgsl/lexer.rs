//! WGSL lexer. STATUS: to be implemented by the parser work item.
