//! WGSL generators for the uniformity benchmark and the linearity tests:
//! a chain of functions each calling the previous one (with barriers and
//! loops), and nests of loops.

#![allow(dead_code)]

/// `n` functions, each calling the previous one in a loop and a barrier;
/// an entry point calls the last. Every call is in uniform control flow.
pub fn call_chain(n: usize) -> String {
    let mut s = String::from(
        "struct U { x: u32 }\n@group(0) @binding(0) var<uniform> u: U;\n@group(0) @binding(1) var<storage, read_write> rw: array<u32>;\nfn f0(x: u32) -> u32 {\n    workgroupBarrier();\n    return x;\n}\n",
    );
    for i in 1..n {
        let p = i - 1;
        s.push_str(&format!(
            "fn f{i}(x: u32) -> u32 {{\n    var y = x;\n    for (var k = 0u; k < 4u; k++) {{\n        y += f{p}(y + k);\n    }}\n    if y > 3u {{\n        rw[0] = y;\n    }}\n    workgroupBarrier();\n    return y;\n}}\n"
        ));
    }
    s.push_str(&format!(
        "@compute @workgroup_size(64)\nfn main() {{\n    rw[1] = f{}(u.x);\n}}\n",
        n - 1
    ));
    s
}

/// An entry point with `copies` nests of `depth` loops; every level
/// assigns its own counter and a shared accumulator and runs a barrier.
pub fn loop_nest(depth: usize, copies: usize) -> String {
    let mut s = String::from(
        "struct U { x: u32 }\n@group(0) @binding(0) var<uniform> u: U;\n@group(0) @binding(1) var<storage, read_write> rw: array<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    var acc = 0u;\n",
    );
    for c in 0..copies {
        for d in 0..depth {
            s.push_str(&format!(
                "for (var i{c}_{d} = 0u; i{c}_{d} < u.x; i{c}_{d}++) {{\nacc += i{c}_{d};\nif acc > u.x {{ break; }}\nworkgroupBarrier();\n"
            ));
        }
        for _ in 0..depth {
            s.push_str("}\n");
        }
    }
    s.push_str("    rw[0] = acc;\n}\n");
    s
}

/// One loop whose body has `n` short-circuit conditions (each lowered to a
/// temporary variable declared in the loop), each followed by a
/// `continue` and a `break` under a condition.
pub fn jumps_in_loop(n: usize) -> String {
    let mut s = String::from(
        "struct U { x: u32 }\n@group(0) @binding(0) var<uniform> u: U;\n@group(0) @binding(1) var<storage, read_write> rw: array<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    var acc = 0u;\n    loop {\n",
    );
    for i in 0..n {
        s.push_str(&format!(
            "        let b{i} = u.x > {i}u && acc < 100000u;\n        acc += 1u;\n        if b{i} {{ continue; }}\n        if u.x == {i}u {{ break; }}\n        workgroupBarrier();\n"
        ));
    }
    s.push_str("        continuing {\n            break if acc > u.x;\n        }\n    }\n    rw[0] = acc;\n}\n");
    s
}
