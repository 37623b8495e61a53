// expect: ok
// Names whose `_` and numbered forms the MSL writer reserves (helper and
// array-wrapper prefixes, loop guards): a second use of each must still
// get a free name, not search forever.
@group(0) @binding(0) var<storage, read_write> d: array<i32>;
fn tessera() -> i32 { return 1; }
fn loop_init() -> i32 { return 2; }
fn f() -> i32 {
    let tessera = d[0];
    let loop_init = d[1];
    var loop_init_ = tessera;
    return tessera * loop_init + loop_init_;
}
@compute @workgroup_size(1)
fn main() {
    d[2] = f() + tessera() + loop_init();
}
