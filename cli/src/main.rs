//! `tessera`: the command-line driver of the tessera WGSL compiler.
//!
//! Exit status: 0 on success, 1 on a compile error, 2 on a usage error.
//! See `tessera --help`.

mod args;
mod driver;
mod output;
mod report;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = match args::Args::try_parse() {
        Ok(args) => args,
        Err(err) => {
            // `--help` and `--version` are "errors" that print to stdout.
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    match driver::run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.report();
            ExitCode::from(failure.exit_code())
        }
    }
}
