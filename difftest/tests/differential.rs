//! The differential sample CI runs: seeds 0..240 (`TESSERA_DIFF_SEEDS`
//! changes the count) generated, compiled by tessera with and without its
//! optimising passes, by naga 30 and, where naga rejects or disagrees, by
//! Tint, run on the first Vulkan device (lavapipe in CI) and compared
//! (`tessera_difftest::diff`). tessera must agree with itself and with the
//! independent compilers; a difference where Tint agrees with tessera and
//! naga does not is naga's (docs/differential-testing.md lists what was
//! found) and is reported, not failed. The long campaign is
//! `tessera-difftest` (`scripts/difftest.sh`).
//!
//! Without a Vulkan device the test fails (scripts/test.sh installs
//! lavapipe). Without Tint (`../shared/tools/tint/tint`) it fails when
//! `TESSERA_REQUIRE_TINT` is set (CI), else it runs with naga alone.

use tessera_difftest::diff::{check_seed, options_for, Compilers, MismatchClass, Verdict};
use tessera_runner::vulkan::{Device, DeviceChoice};

#[test]
fn tessera_agrees_with_itself_naga_and_tint() {
    let count: u64 = std::env::var("TESSERA_DIFF_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(240);
    let compilers = Compilers::find();
    if compilers.tint.is_none() {
        assert!(
            std::env::var_os("TESSERA_REQUIRE_TINT").is_none(),
            "Tint (../shared/tools/tint/tint or TESSERA_TINT) is missing"
        );
        eprintln!("note: Tint not found: naga is the only reference");
    }
    let mut device = Device::open(&DeviceChoice::First, false).unwrap_or_else(|e| {
        panic!("the differential sample needs a Vulkan device: {e} (scripts/test.sh installs lavapipe)")
    });
    device.timeout = std::time::Duration::from_secs(30);
    let mut problems = Vec::new();
    let (mut agree, mut naga_bugs, mut no_reference) = (0, Vec::new(), 0);
    for seed in 0..count {
        match check_seed(&device, seed, &options_for(seed), &compilers) {
            Verdict::Agree { .. } => agree += 1,
            Verdict::Mismatch(m) if m.class == MismatchClass::Naga => naga_bugs.push(seed),
            Verdict::NoReference(_) if compilers.tint.is_none() => no_reference += 1,
            other => {
                problems.push(format!("seed {seed}: {other:?}"));
                if matches!(other, Verdict::Hung(_)) {
                    break;
                }
            }
        }
    }
    eprintln!(
        "{count} programs: {agree} agree, naga differs (Tint agrees with tessera) on {naga_bugs:?}, {no_reference} without a reference"
    );
    assert!(
        problems.is_empty(),
        "{} of {count} programs:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
