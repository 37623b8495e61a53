//! Debug information in SPIR-V (`Options::debug_info`, `tessera -g`):
//! `OpString`/`OpSource`, `OpLine` with the right WGSL lines and columns,
//! `OpName` for `let` values; the output validates, and compiling without
//! it changes nothing (the snapshots in `snapshots/spv@*.snap` are written
//! without it).

mod common;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::Op;
use spirv_tools::TargetEnv;
use tessera::back::spv::{DebugSource, Options};

const SOURCE: &str = "\
struct Params {
    scale: f32,
    count: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;

fn scaled(x: f32) -> f32 {
    let y = x * params.scale;
    return y + 1.0;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var total = 0.0;
    for (var i = 0u; i < params.count; i++) {
        total += scaled(data[i]);
    }
    if (id.x < arrayLength(&data)) {
        data[id.x] = total;
    }
}
";

/// Compiles `source` (named `name`) with the given options, debug
/// information on or off.
fn compile(name: &str, source: &str, version: (u8, u8), debug: bool) -> Vec<u32> {
    compile_with_reflection(name, source, version, debug).0
}

/// [`compile`], and whether the uniform buffers need
/// `uniform_buffer_standard_layout` (the reflection's answer).
fn compile_with_reflection(
    name: &str,
    source: &str,
    version: (u8, u8),
    debug: bool,
) -> (Vec<u32>, bool) {
    let directives = common::directives(source).expect("directives");
    let compiled = common::compile(name, source, &directives).expect("front end");
    let standard_layout = compiled
        .pipeline
        .reflection
        .needs_uniform_buffer_standard_layout();
    let options = Options {
        version,
        debug_info: debug,
        debug_source: Some(DebugSource {
            file_name: name.into(),
            text: source.into(),
        }),
        ..Options::default()
    };
    let words = tessera::lower::spv::write(&compiled.pipeline, &options)
        .unwrap_or_else(|e| panic!("{}", e.render(name, source)));
    (words, standard_layout)
}

/// Validates for Vulkan 1.1 (SPIR-V 1.3) or 1.3 (SPIR-V 1.6).
fn validate(words: &[u32], version: (u8, u8)) -> Result<(), String> {
    validate_with(words, version, false)
}

/// [`validate`], for a device with `uniformBufferStandardLayout` when
/// `standard_layout`.
fn validate_with(words: &[u32], version: (u8, u8), standard_layout: bool) -> Result<(), String> {
    let env = if version >= (1, 6) {
        TargetEnv::Vulkan_1_3
    } else {
        TargetEnv::Vulkan_1_1
    };
    common::validate_spirv_with(words, env, standard_layout)
}

/// Each function-body instruction with the `(line, column)` in effect:
/// an `OpLine` sets it, `OpNoLine` and the end of a block clear it.
/// An instruction's opcode and the `(line, column)` in effect.
type Located = (Op, Option<(u32, u32)>);

fn located(words: &[u32]) -> Vec<Located> {
    let module = common::disasm::load(words).expect("rspirv loads it");
    let mut out = Vec::new();
    for f in &module.functions {
        for b in &f.blocks {
            let mut current = None;
            for i in &b.instructions {
                match i.class.opcode {
                    Op::Line => {
                        current = match (&i.operands[1], &i.operands[2]) {
                            (Operand::LiteralBit32(l), Operand::LiteralBit32(c)) => Some((*l, *c)),
                            other => panic!("OpLine operands {other:?}"),
                        }
                    }
                    Op::NoLine => current = None,
                    op => out.push((op, current)),
                }
            }
        }
    }
    out
}

/// The opcodes of all instructions that are not debug information, in
/// order, with their operand counts.
fn shape(words: &[u32]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = words[i] >> 16;
        let op = words[i] & 0xFFFF;
        let debug = [
            Op::Line as u32,
            Op::NoLine as u32,
            Op::String as u32,
            Op::Source as u32,
            Op::SourceContinued as u32,
            Op::Name as u32,
        ];
        if !debug.contains(&op) {
            out.push((op, count));
        }
        i += count.max(1) as usize;
    }
    out
}

fn disassemble(words: &[u32]) -> String {
    common::disassemble(words).expect("disassembles")
}

#[test]
fn snapshot_and_validates() {
    for version in [(1, 3), (1, 6)] {
        let words = compile("debug.wgsl", SOURCE, version, true);
        validate(&words, version).unwrap_or_else(|e| panic!("{e}\n{}", disassemble(&words)));
    }
    let text = disassemble(&compile("debug.wgsl", SOURCE, (1, 3), true));
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("spv_debug@debug.wgsl", text);
    });
}

#[test]
fn source_and_file_name() {
    let text = disassemble(&compile("dir/debug.wgsl", SOURCE, (1, 3), true));
    assert!(text.contains("OpString \"dir/debug.wgsl\""), "{text}");
    assert!(text.contains("OpSource Unknown 0 %"), "{text}");
    assert!(text.contains("fn scaled(x: f32) -> f32 {\\n"), "{text}");
}

#[test]
fn lines_of_known_statements() {
    let words = compile("debug.wgsl", SOURCE, (1, 3), true);
    let insts = located(&words);
    let at = |op: Op| -> Vec<Option<(u32, u32)>> {
        insts
            .iter()
            .filter(|(o, _)| *o == op)
            .map(|(_, l)| *l)
            .collect()
    };
    // `let y = x * params.scale;` (line 10, `x` at column 13).
    assert_eq!(at(Op::FMul), vec![Some((10, 13))]);
    // `return y + 1.0;`: the addition at `y` (column 12), the return at
    // `return` (column 5).
    assert_eq!(at(Op::FAdd)[0], Some((11, 12)));
    assert_eq!(at(Op::ReturnValue), vec![Some((11, 5))]);
    // `total += scaled(data[i]);` (line 18): the call at `scaled`.
    assert_eq!(at(Op::FunctionCall), vec![Some((18, 18))]);
    // `data[id.x] = total;` (line 21) is the last store.
    let stores = at(Op::Store);
    assert_eq!(stores.last(), Some(&Some((21, 9))));
    // `var total = 0.0;` (line 16) is the first.
    assert_eq!(stores.first(), Some(&Some((16, 5))));
    // `id.x < arrayLength(&data)` (line 20).
    assert_eq!(at(Op::ULessThan).last(), Some(&Some((20, 9))));
    // No two consecutive line instructions.
    let module = common::disasm::load(&words).unwrap();
    for f in &module.functions {
        for b in &f.blocks {
            for pair in b.instructions.windows(2) {
                let line = |i: &Instruction| matches!(i.class.opcode, Op::Line | Op::NoLine);
                assert!(
                    !(line(&pair[0]) && line(&pair[1])),
                    "consecutive line instructions:\n{}",
                    disassemble(&words)
                );
            }
        }
    }
}

#[test]
fn lets_are_named() {
    let text = disassemble(&compile("debug.wgsl", SOURCE, (1, 3), true));
    assert!(text.contains("\"y\""), "{text}");
    // The entry point's argument: the value loaded from its input.
    assert!(text.contains("OpName %23 \"id\""), "{text}");
    let plain = disassemble(&compile("debug.wgsl", SOURCE, (1, 3), false));
    assert!(!plain.contains("\"y\""), "{plain}");
    // Names given without debug information stay.
    for name in [
        "\"scaled\"",
        "\"x\"",
        "\"total\"",
        "\"scale\"",
        "\"params\"",
    ] {
        assert!(plain.contains(name), "{name}: {plain}");
    }
}

#[test]
fn without_debug_info_nothing_changes() {
    for (name, source) in common::inputs() {
        let plain = compile(&name, &source, (1, 3), false);
        let default = {
            let directives = common::directives(&source).unwrap();
            let compiled = common::compile(&name, &source, &directives).unwrap();
            tessera::lower::spv::write(&compiled.pipeline, &Options::default()).unwrap()
        };
        // A source given without `debug_info` is ignored.
        assert_eq!(plain, default, "{name}");
        let text = disassemble(&plain);
        for op in [Op::Line, Op::NoLine, Op::String, Op::Source] {
            assert!(
                !text.contains(&format!("Op{op:?} ")),
                "{name}: Op{op:?} without debug information"
            );
        }
        // With it, only debug instructions are added.
        let debug = compile(&name, &source, (1, 3), true);
        assert_eq!(shape(&plain), shape(&debug), "{name}");
    }
}

#[test]
fn every_input_validates_with_debug_info() {
    let mut failed = Vec::new();
    let mut lines = 0;
    for (name, source) in common::inputs() {
        for version in [(1, 3), (1, 6)] {
            let (words, standard_layout) = compile_with_reflection(&name, &source, version, true);
            lines += located(&words).iter().filter(|(_, l)| l.is_some()).count();
            if let Err(e) = validate_with(&words, version, standard_layout) {
                failed.push(format!("{name} (SPIR-V {}.{}): {e}", version.0, version.1));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert!(lines > 1000, "only {lines} instructions carry a line");
}

#[test]
fn long_source_is_continued_and_validates() {
    // Over 262,000 bytes (one OpSource's limit) of comments, with
    // multi-byte characters on the split points.
    let comment = format!("// {}\n", "é".repeat(500));
    let source = format!("{}{SOURCE}", comment.repeat(700));
    let words = compile("long.wgsl", &source, (1, 3), true);
    validate(&words, (1, 3)).unwrap();
    let module = common::disasm::load(&words).unwrap();
    let continued = module
        .debug_string_source
        .iter()
        .filter(|i| i.class.opcode == Op::SourceContinued)
        .count();
    assert_eq!(continued, 2);
    // Lines count past the comments.
    let insts = located(&words);
    let fmul = insts.iter().find(|(o, _)| *o == Op::FMul).unwrap();
    assert_eq!(fmul.1, Some((710, 13)));
}

#[test]
fn compile_to_spirv_supplies_its_source() {
    let mut options = tessera::CompileOptions::default();
    options.spv.debug_info = true;
    let out = tessera::compile_to_spirv(SOURCE, &options).unwrap();
    let text = disassemble(&out.words);
    assert!(text.contains("OpString \"shader.wgsl\""), "{text}");
    assert!(text.contains("OpLine"), "{text}");
    common::validate_spirv(&out.words, TargetEnv::Vulkan_1_1).unwrap();
}

#[test]
fn without_source_only_names() {
    let directives = common::directives(SOURCE).unwrap();
    let compiled = common::compile("a.wgsl", SOURCE, &directives).unwrap();
    let options = Options {
        debug_info: true,
        ..Options::default()
    };
    let words = tessera::lower::spv::write(&compiled.pipeline, &options).unwrap();
    let text = disassemble(&words);
    assert!(
        !text.contains("OpLine") && !text.contains("OpSource"),
        "{text}"
    );
    assert!(text.contains("\"y\""), "{text}");
    common::validate_spirv(&words, TargetEnv::Vulkan_1_1).unwrap();
}

#[test]
fn nul_in_a_comment_stays_one_string() {
    let source = format!("/* a\0b */\n{SOURCE}");
    let words = compile("nul.wgsl", &source, (1, 3), true);
    validate(&words, (1, 3)).unwrap();
    let text = disassemble(&words);
    assert!(text.contains("/* a b */"), "{text}");
}
