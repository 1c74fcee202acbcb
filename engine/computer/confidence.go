package computer

// bidConfidence is the share of sampled deals in which the expert's side must make a
// contract before it bids it. go generate (internal/fitbid) fits it to simulated games.
const bidConfidence = 0.55
