//! `tessera`: the command-line driver of the tessera WGSL compiler.
//!
//! Exit status: 0 on success, 1 on a compile error, 2 on a usage error,
//! 3 on an I/O error (see [`driver::exit`] and `tessera --help`).
//!
//! `tessera run FILE.wgsl ...` runs a compute shader on a Vulkan device
//! instead (module [`run`], `tessera run --help`).

mod applies;
mod args;
mod driver;
mod output;
mod report;
mod run;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    if std::env::args_os().nth(1).is_some_and(|a| a == "run") {
        let words = std::iter::once("tessera run".into()).chain(std::env::args_os().skip(2));
        return match run::RunArgs::try_parse_from(words) {
            Ok(args) => match run::main(args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(run::Failed(code)) => ExitCode::from(code),
            },
            Err(err) => {
                let code = if err.use_stderr() {
                    driver::exit::USAGE
                } else {
                    driver::exit::SUCCESS
                };
                let _ = err.print();
                ExitCode::from(code)
            }
        };
    }
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
