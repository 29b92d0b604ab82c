// The real suite's entry point; run_cts.js only checks that it exists.
