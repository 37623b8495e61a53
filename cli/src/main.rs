//! `tessera`: the command-line driver of the tessera WGSL compiler.
//!
//! Exit status: 0 on success, 1 on a compile error, 2 on a usage error,
//! 3 on an I/O error (see [`driver::exit`] and `tessera --help`).

mod applies;
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
            let code = if err.use_stderr() {
                driver::exit::USAGE
            } else {
                driver::exit::SUCCESS
            };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    let reporter = report::Reporter::new(args.color, args.quiet);
    match driver::run(&args, &reporter) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.report(&reporter);
            ExitCode::from(failure.exit_code())
        }
    }
}
