// Zero values of enormous arrays, indexed at once: the value must never be
// built element by element.
@compute @workgroup_size(1)
fn main() {
    for (var i = array<i32, 536870911>()[0]; i < 1; i++) {}
    for (var j = array<i32, 8000000>()[7999999]; j < 1; j++) {}
    let k = array<array<u32, 30000>, 30000>()[29999][3];
    _ = k;
}
