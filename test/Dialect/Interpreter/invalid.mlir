// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @ragged_programs() {
  // expected-error @+1 {{every row of programs must have the same length}}
  "interpreter.run_parallel"() {programs = [[@a, @b], [@a]]} : () -> ()
  func.return
}

// -----

func.func @no_programs() {
  // expected-error @+1 {{programs must name at least one function}}
  "interpreter.run_parallel"() {programs = []} : () -> ()
  func.return
}

// -----

func.func @not_a_name() {
  // expected-error @+1 {{programs must hold function names, got 1 : i64}}
  "interpreter.run_parallel"() {programs = [[1]]} : () -> ()
  func.return
}

// -----

func.func @bad_infeed() {
  // expected-error @+1 {{infeed must hold function names, got "queue"}}
  "interpreter.run_parallel"() {programs = [[@a]], infeed = ["queue"]} : () -> ()
  func.return
}
