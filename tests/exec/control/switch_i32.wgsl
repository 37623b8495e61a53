// switch on a runtime i32 (spec, "Switch Statement"): negative selectors,
// several selectors per clause, the extreme i32 values as selectors (the
// selector literals are AbstractInt converted to i32), a trailing comma, and a
// default-alone clause that is not last. Values 1, 2, 5 take the default.
// Selector:  -2  -1  0   1   2   3   4   5   2147483647  -2147483648
// Result:    20  20  10  60  60  50  50  60  30          40
// buffer 0:0 = i32:-2, -1, 0, 1, 2, 3, 4, 5, 2147483647, -2147483648
// expect 0:1 = i32:20, 20, 10, 60, 60, 50, 50, 60, 30, 40

@group(0) @binding(0) var<storage, read> inp: array<i32, 10>;
@group(0) @binding(1) var<storage, read_write> out: array<i32, 10>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0; i < 10; i++) {
        var r = -1;
        switch inp[i] {
            case 0: {
                r = 10;
            }
            case -1, -2 {
                r = 20;
            }
            default {
                r = 60;
            }
            case 2147483647 {
                r = 30;
            }
            case -2147483648, {
                r = 40;
            }
            case 3, 4, {
                r = 50;
            }
        }
        out[i] = r;
    }
}
