//! The standard-track spelling `enable subgroup_matrix;`: where its
//! builtins differ from Chromium's (`subgroup_matrix.rs` holds the shared
//! rules and calls in here).
//!
//! With the standard name, exactly the WebGPU proposal's overloads exist:
//! - `subgroupMatrixLoad<T, Majorness>(p, offset: u32, stride: u32)` and
//!   `subgroupMatrixStore<Majorness>(p, offset: u32, value, stride: u32)`,
//!   offset and stride counting array elements (the `col_major`-argument
//!   form of an older draft is an error that names the form to write);
//! - `subgroupMatrixMultiply<RT>(left, right) -> RT` and
//!   `subgroupMatrixMultiplyAccumulate<RT>(left, right, acc: RT) -> RT`,
//!   `RT` the result matrix type (Chromium's component-type template
//!   argument, and a missing one, are errors that name the type to write).

use super::display::type_name;
use super::special::Call;
use super::OverloadError;
use crate::arena::Handle;
use crate::ir::{Extensions, Module, Type};

/// `subgroupMatrixLoad` overloads with `enable subgroup_matrix;`.
pub(crate) const LOAD_SIGNATURES: &[&str] = &[
    "subgroupMatrixLoad<T, L>(ptr<AS, array<E>, AM>, offset: u32, stride: u32) -> T  where T is a subgroup matrix type, L is row_major or col_major, AS is storage or workgroup, AM is read or read_write, E is f32, f16, i32 or u32 or a vector of those (array stride at least the matrix component size)",
];

/// `subgroupMatrixStore` overloads with `enable subgroup_matrix;`.
pub(crate) const STORE_SIGNATURES: &[&str] = &[
    "subgroupMatrixStore<L>(ptr<AS, array<E>, AM>, offset: u32, value: M, stride: u32)  where M is a subgroup matrix type, L is row_major or col_major, AS is storage or workgroup, AM is write or read_write, E is f32, f16, i32 or u32 or a vector of those (array stride at least the matrix component size)",
];

/// `subgroupMatrixMultiply` overloads with `enable subgroup_matrix;`.
pub(crate) const MULTIPLY_SIGNATURES: &[&str] = &[
    "subgroupMatrixMultiply<RT>(subgroup_matrix_left<T, K, M>, subgroup_matrix_right<T, N, K>) -> RT  where RT is subgroup_matrix_result<TR, N, M> and T -> TR is f32 -> f32, f16 -> f16 or f32, i32 or u32 -> i32 or u32, i8 or u8 -> i8, u8, i32 or u32",
];

/// `subgroupMatrixMultiplyAccumulate` overloads with `enable subgroup_matrix;`.
pub(crate) const MULTIPLY_ACCUMULATE_SIGNATURES: &[&str] = &[
    "subgroupMatrixMultiplyAccumulate<RT>(subgroup_matrix_left<T, K, M>, subgroup_matrix_right<T, N, K>, RT) -> RT  where RT is subgroup_matrix_result<TR, N, M> and T -> TR is f32 -> f32, f16 -> f16 or f32, i32 or u32 -> i32 or u32, i8 or u8 -> i8, u8, i32 or u32",
];

/// Whether the module uses the standard-track spelling's rules.
pub(crate) fn is_standard(module: &Module) -> bool {
    module
        .extensions
        .contains(Extensions::SUBGROUP_MATRIX_STANDARD)
}

/// The majorness a const `col_major` argument stands for.
fn majorness(call: &Call, index: usize) -> &'static str {
    match call.const_bool_args.get(index).copied().flatten() {
        Some(false) => "row_major",
        _ => "col_major",
    }
}

/// Note on the units of the form to write instead.
const UNITS_NOTE: &str = "with the majorness template argument, offset and stride count elements of the array (not matrix components)";

/// `subgroupMatrixLoad<T>(...)` without a majorness template argument.
pub(crate) fn load_without_majorness(
    module: &Module,
    call: &Call,
    ty: Handle<Type>,
) -> OverloadError {
    let t = type_name(module, ty);
    if call.args.len() == 4 {
        let m = majorness(call, 2);
        let mut e = call.arg_error(
            2,
            "the 'col_major' argument form of 'subgroupMatrixLoad' is not available with 'enable subgroup_matrix;'".to_string(),
            LOAD_SIGNATURES,
        );
        e.notes.insert(
            0,
            format!("help: write 'subgroupMatrixLoad<{t}, {m}>(p, offset, stride)'"),
        );
        e.notes.insert(1, UNITS_NOTE.to_string());
        return e;
    }
    let mut e = call.error(
        "'subgroupMatrixLoad' requires a majorness template argument (row_major or col_major) with 'enable subgroup_matrix;'".to_string(),
        LOAD_SIGNATURES,
    );
    e.notes.insert(
        0,
        format!(
            "help: write 'subgroupMatrixLoad<{t}, row_major>(p, offset, stride)' or 'col_major'"
        ),
    );
    e
}

/// `subgroupMatrixStore(...)` without a majorness template argument.
pub(crate) fn store_without_majorness(call: &Call) -> OverloadError {
    if call.args.len() == 5 {
        let m = majorness(call, 3);
        let mut e = call.arg_error(
            3,
            "the 'col_major' argument form of 'subgroupMatrixStore' is not available with 'enable subgroup_matrix;'".to_string(),
            STORE_SIGNATURES,
        );
        e.notes.insert(
            0,
            format!("help: write 'subgroupMatrixStore<{m}>(p, offset, value, stride)'"),
        );
        e.notes.insert(1, UNITS_NOTE.to_string());
        return e;
    }
    let mut e = call.error(
        "'subgroupMatrixStore' requires a majorness template argument (row_major or col_major) with 'enable subgroup_matrix;'".to_string(),
        STORE_SIGNATURES,
    );
    e.notes.insert(
        0,
        "help: write 'subgroupMatrixStore<row_major>(p, offset, value, stride)' or 'col_major'"
            .to_string(),
    );
    e
}

/// An offset or stride argument that is not `u32` (the proposal types
/// both `u32`; Chromium also takes `i32`).
pub(crate) fn index_not_u32(
    module: &Module,
    call: &Call,
    index: usize,
    what: &str,
    sigs: &[&str],
) -> OverloadError {
    let mut e = call.arg_error(
        index,
        format!(
            "the {what} argument of '{}' must be u32 with 'enable subgroup_matrix;', found '{}'",
            call.def.name,
            type_name(module, call.args[index])
        ),
        sigs,
    );
    e.notes
        .insert(0, "help: convert it with 'u32(...)'".to_string());
    e
}

/// `subgroupMatrixMultiply<TR>` with a component type (Chromium's form).
pub(crate) fn multiply_component_template(
    module: &Module,
    call: &Call,
    component: Handle<Type>,
    result: &str,
) -> OverloadError {
    let mut e = call.error(
        format!(
            "the template argument of 'subgroupMatrixMultiply' must be the result matrix type with 'enable subgroup_matrix;', found the component type '{}'",
            type_name(module, component)
        ),
        MULTIPLY_SIGNATURES,
    );
    e.notes.insert(
        0,
        format!("help: write 'subgroupMatrixMultiply<{result}>(left, right)'"),
    );
    e
}

/// `subgroupMatrixMultiplyAccumulate(l, r, acc)` without `<RT>`.
pub(crate) fn accumulate_without_template(module: &Module, call: &Call) -> OverloadError {
    let acc = type_name(module, call.args[2]);
    let mut e = call.error(
        "'subgroupMatrixMultiplyAccumulate' requires the result matrix type as template argument with 'enable subgroup_matrix;'".to_string(),
        MULTIPLY_ACCUMULATE_SIGNATURES,
    );
    e.notes.insert(
        0,
        format!("help: write 'subgroupMatrixMultiplyAccumulate<{acc}>(left, right, acc)'"),
    );
    e
}
