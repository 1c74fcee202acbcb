package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// reads are the prepared statements that only read. They are prepared twice: on the reading
// pool, and on the writer for reads inside a write transaction.
type reads struct {
	game, seats, messages, actions                   *sql.Stmt
	activeGames, activeSeats, activeMsgs, activeActs *sql.Stmt
	hands, handSeats, handTeams, result, seatResults *sql.Stmt
	board, playerRecords, rankOf, rating             *sql.Stmt
	seasonAt, seasonByID, seasons                    *sql.Stmt
	settings, channels, notify, cardsPreference      *sql.Stmt
	recent, ratingHistory                            *sql.Stmt
	all                                              []*sql.Stmt
}

// writes are the prepared statements that write, prepared on the writer.
type writes struct {
	insertGame, updateGame, gameState, finishGame *sql.Stmt
	deleteSeats, insertSeat                       *sql.Stmt
	deleteMsgs, insertMsg                         *sql.Stmt
	insertAction                                  *sql.Stmt
	savepoint, rollbackTo, release                *sql.Stmt // around each action of a batch (saves.go)
	upsertHand, upsertHandSeat, upsertHandTeam    *sql.Stmt
	insertResult, insertSeatResult, upsertRecord  *sql.Stmt
	lastCounted, lastInSeason, overlapping        *sql.Stmt
	insertSeason, endSeason                       *sql.Stmt
	upsertSettings, deleteChannels, insertChannel *sql.Stmt
	upsertNotify, upsertRatingPoint               *sql.Stmt
	upsertCardsPreference                         *sql.Stmt
	fence                                         *sql.Stmt // a fenced write's lease (fence.go)
	all                                           []*sql.Stmt
}

// preparer prepares statements on one database, keeping the first error.
type preparer struct {
	ctx context.Context
	db  *sql.DB
	d   *dialect
	err error
	all []*sql.Stmt
}

func (p *preparer) prep(query string) *sql.Stmt {
	if p.err != nil {
		return nil
	}
	st, err := p.db.PrepareContext(p.ctx, p.d.rebind(query))
	if err != nil {
		p.err = fmt.Errorf("prepare %q: %w", query, err)
		return nil
	}
	p.all = append(p.all, st)
	return st
}

func closeAll(sts []*sql.Stmt) error {
	var errs []error
	for _, st := range sts {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}

func (r *reads) close() error  { return closeAll(r.all) }
func (w *writes) close() error { return closeAll(w.all) }

func prepareReads(ctx context.Context, db *sql.DB, d *dialect) (*reads, error) {
	p := &preparer{ctx: ctx, db: db, d: d}
	r := &reads{
		game:          p.prep(sqlGame),
		seats:         p.prep(sqlSeats),
		messages:      p.prep(sqlMessages),
		actions:       p.prep(sqlActions),
		activeGames:   p.prep(sqlActiveGames),
		activeSeats:   p.prep(sqlActiveSeats),
		activeMsgs:    p.prep(sqlActiveMessages),
		activeActs:    p.prep(sqlActiveActions),
		hands:         p.prep(sqlHands),
		handSeats:     p.prep(sqlHandSeats),
		handTeams:     p.prep(sqlHandTeams),
		result:        p.prep(sqlResult),
		seatResults:   p.prep(sqlSeatResults),
		board:         p.prep(sqlLeaderboard),
		playerRecords: p.prep(sqlPlayerRecords),
		rankOf:        p.prep(sqlRankOf),
		rating:        p.prep(sqlRating),
		seasonAt:      p.prep(sqlSeasonAt),
		seasonByID:    p.prep(sqlSeasonByID),
		seasons:       p.prep(sqlSeasons),
		settings:      p.prep(sqlSettings),
		channels:      p.prep(sqlChannels),
		notify:        p.prep(sqlNotify),
		recent:        p.prep(sqlRecentGames),
		ratingHistory: p.prep(sqlRatingHistory),

		// A player's own card look (settings.go).
		cardsPreference: p.prep(sqlCardsPreference),
	}
	r.all = p.all
	if p.err != nil {
		r.close()
		return nil, p.err
	}
	return r, nil
}

func prepareWrites(ctx context.Context, db *sql.DB, d *dialect) (*writes, error) {
	p := &preparer{ctx: ctx, db: db, d: d}
	w := &writes{
		insertGame:        p.prep(sqlInsertGame),
		updateGame:        p.prep(sqlUpdateGame),
		gameState:         p.prep(sqlGameState),
		finishGame:        p.prep(sqlFinishGame),
		deleteSeats:       p.prep(sqlDeleteSeats),
		insertSeat:        p.prep(sqlInsertSeat),
		deleteMsgs:        p.prep(sqlDeleteMessages),
		insertMsg:         p.prep(sqlInsertMessage),
		insertAction:      p.prep(sqlInsertAction),
		savepoint:         p.prep(sqlSavepoint),
		rollbackTo:        p.prep(sqlRollbackTo),
		release:           p.prep(sqlRelease),
		upsertHand:        p.prep(sqlUpsertHand),
		upsertHandSeat:    p.prep(sqlUpsertHandSeat),
		upsertHandTeam:    p.prep(sqlUpsertHandTeam),
		insertResult:      p.prep(sqlInsertResult),
		insertSeatResult:  p.prep(sqlInsertSeatResult),
		upsertRecord:      p.prep(sqlUpsertRecord),
		lastCounted:       p.prep(sqlLastCounted),
		lastInSeason:      p.prep(sqlLastInSeason),
		overlapping:       p.prep(sqlOverlapping),
		insertSeason:      p.prep(sqlInsertSeason),
		endSeason:         p.prep(sqlEndSeason),
		upsertSettings:    p.prep(sqlUpsertSettings),
		deleteChannels:    p.prep(sqlDeleteChannels),
		insertChannel:     p.prep(sqlInsertChannel),
		upsertNotify:      p.prep(sqlUpsertNotify),
		upsertRatingPoint: p.prep(sqlUpsertRatingPoint),
		fence:             p.prep(sqlFence + d.forShare),

		// A player's own card look (settings.go).
		upsertCardsPreference: p.prep(sqlUpsertCardsPreference),
	}
	w.all = p.all
	if p.err != nil {
		w.close()
		return nil, p.err
	}
	return w, nil
}

// prepare prepares every statement the store uses.
func (s *DB) prepare(ctx context.Context) error {
	var err error
	if s.rd, err = prepareReads(ctx, s.r, s.d); err != nil {
		return err
	}
	if s.wrd, err = prepareReads(ctx, s.w, s.d); err != nil {
		return err
	}
	s.wr, err = prepareWrites(ctx, s.w, s.d)
	return err
}

// in returns a prepared statement bound to a transaction.
func in(ctx context.Context, tx *sql.Tx, st *sql.Stmt) *sql.Stmt { return tx.StmtContext(ctx, st) }
