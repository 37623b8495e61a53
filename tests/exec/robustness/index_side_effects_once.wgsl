// With bounds checks on, an index expression is still evaluated exactly once
// (a clamp must not re-evaluate it), in the order the spec gives: for a
// compound assignment or increment the reference is evaluated once (spec
// "Compound Assignment", "Increment and Decrement Statements"), and the
// operands of nested indexing left to right. next() returns the next
// element of an index list (mostly out of bounds) and logs it.
// Uses: a load a[next()], a store, a compound assignment a[next()] += 3, an
// increment a[next()]++, a pointer let p = &a[next()] used three times,
// nested n[next()][next()], a vector v[next()] (store), a runtime-sized
// array r[next()] (load), atomicAdd(&at[next()], 1u): 10 calls. The log
// holds the index returned by each call, in call order: the list itself.
// The arrays' contents afterwards are not checked here (OOB stores).
// bounds-checks: on
// buffer 0:0 = u32:9, 4, 100, 0xffffffff, 7, 5, 6, 4, 12, 3
// buffer 0:1 = u32:1, 2, 3
// expect 0:1 = any*3
// expect 0:2 = any*4
// expect 0:3 = 10, 9, 4, 100, 0xffffffff, 7, 5, 6, 4, 12, 3

@group(0) @binding(0) var<storage, read> list: array<u32, 10>;
@group(0) @binding(1) var<storage, read_write> r: array<u32>;
@group(0) @binding(2) var<storage, read_write> at: array<atomic<u32>, 4>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 11>;

var<private> calls: u32;
var<private> log: array<u32, 10>;

fn next() -> u32 {
    let i = list[min(calls, 9u)];
    log[min(calls, 9u)] = i;
    calls += 1u;
    return i;
}

@compute @workgroup_size(1)
fn main() {
    var a = array<u32, 4>(1u, 2u, 3u, 4u);
    var n: array<array<u32, 3>, 3>;
    var v = vec3<u32>(1u, 2u, 3u);
    var sink = a[next()];
    a[next()] = 5u;
    a[next()] += 3u;
    a[next()]++;
    let p = &a[next()];
    *p = 7u;
    *p += 1u;
    sink += *p;
    n[next()][next()] = 9u;
    v[next()] = 8u;
    sink += r[next()];
    atomicAdd(&at[next()], 1u);
    out[0] = calls;
    for (var k = 0u; k < 10u; k++) {
        out[1u + k] = log[k];
    }
    // keep the loaded values alive without checking them
    if sink == 0xdeadbeefu && n[0][0] == v.x {
        out[0] = 0u;
    }
}
