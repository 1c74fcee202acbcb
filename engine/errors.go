package engine

// ErrorCode classifies why the engine rejected an action.
type ErrorCode string

// The reasons an action is rejected.
const (
	CodeGameOver     ErrorCode = "game_over"
	CodeBadSeat      ErrorCode = "bad_seat"
	CodeNotYourTurn  ErrorCode = "not_your_turn"
	CodeWrongStep    ErrorCode = "wrong_step"
	CodeBadBid       ErrorCode = "bad_bid"
	CodeMustBid      ErrorCode = "must_bid"
	CodeBadTrump     ErrorCode = "bad_trump"
	CodeBadPass      ErrorCode = "bad_pass"
	CodeBadMeld      ErrorCode = "bad_meld"
	CodeNotInHand    ErrorCode = "not_in_hand"
	CodeIllegalCard  ErrorCode = "illegal_card"
	CodeNotAllowed   ErrorCode = "not_allowed"
	CodeAlreadyActed ErrorCode = "already_acted"
)

// RuleError is the error the engine returns for an action the rules do not allow at that
// moment. Its message is written for the player ("it is Ana's turn"). Compare with
// errors.Is against the Err values, which match on the code.
type RuleError struct {
	Code ErrorCode
	Msg  string
}

func (e *RuleError) Error() string { return e.Msg }

// Is reports whether target is a *RuleError with the same code.
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code
}

// Sentinel errors, one per code, for errors.Is.
var (
	ErrGameOver     = &RuleError{Code: CodeGameOver, Msg: "the game is over"}
	ErrBadSeat      = &RuleError{Code: CodeBadSeat, Msg: "no such seat"}
	ErrNotYourTurn  = &RuleError{Code: CodeNotYourTurn, Msg: "it is not your turn"}
	ErrWrongStep    = &RuleError{Code: CodeWrongStep, Msg: "that is not what the table is doing now"}
	ErrBadBid       = &RuleError{Code: CodeBadBid, Msg: "that bid is not allowed"}
	ErrMustBid      = &RuleError{Code: CodeMustBid, Msg: "you must bid"}
	ErrBadTrump     = &RuleError{Code: CodeBadTrump, Msg: "that suit cannot be trump"}
	ErrBadPass      = &RuleError{Code: CodeBadPass, Msg: "those cards cannot be passed"}
	ErrBadMeld      = &RuleError{Code: CodeBadMeld, Msg: "those cards cannot be melded now"}
	ErrNotInHand    = &RuleError{Code: CodeNotInHand, Msg: "you do not hold that card"}
	ErrIllegalCard  = &RuleError{Code: CodeIllegalCard, Msg: "that card may not be played now"}
	ErrNotAllowed   = &RuleError{Code: CodeNotAllowed, Msg: "the rules do not allow that"}
	ErrAlreadyActed = &RuleError{Code: CodeAlreadyActed, Msg: "you have already done that"}
)

func ruleErr(code ErrorCode, msg string) *RuleError { return &RuleError{Code: code, Msg: msg} }
