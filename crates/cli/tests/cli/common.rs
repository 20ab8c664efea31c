//! Helpers shared by the CLI tests.

use assert_cmd::Command;

/// The `resolu` binary, run from the workspace root (so `examples/...` paths resolve).
pub fn resolu() -> Command {
    let mut cmd = Command::cargo_bin("resolu").expect("the resolu binary is built");
    cmd.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    // The tests pin English, whatever the locale of the machine that runs them.
    cmd.env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    cmd
}

/// Runs `resolu` with `args`, returning (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let output = resolu().args(args).output().expect("resolu runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs `resolu` with `args` and `input` on stdin: (exit code, stdout, stderr).
pub fn run_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let output = resolu()
        .args(args)
        .write_stdin(input)
        .output()
        .expect("resolu runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Writes `text` to a file called `name` in this run's temporary directory and returns
/// its path. Tests run in parallel in that one directory, so each uses its own names.
pub fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("resolu-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a temporary file");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// Parses stdout as one JSON value.
pub fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.trim()).expect("stdout is one JSON value")
}

/// Runs `resolu prove FILE QUERY ARGS...` as a child process whose address space is capped
/// at `cap_mb` megabytes (`ulimit -v`): a growth that a budget missed would die on a failed
/// allocation (exit 134) instead of stopping cleanly. Returns (exit code, stdout).
pub fn prove_capped(cap_mb: u64, file: &str, query: &str, args: &[&str]) -> (i32, String) {
    let bin = assert_cmd::cargo::cargo_bin("resolu");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", cap_mb * 1024))
        .arg(bin)
        .arg("prove")
        .arg(file)
        .arg(query)
        .args(args)
        .output()
        .expect("sh runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}
