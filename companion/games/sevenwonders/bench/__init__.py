"""7 Wonders' benchmarks: trade checks and scoring (`rules`), the camera on whole cities (`cities`), the
app's tap-to-screen latency (`app_taps`)."""
