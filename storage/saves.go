package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Group commit of SaveAction.
//
// A durable commit costs a sync of the write-ahead log, which is most of a SaveAction's time.
// So that many games saving at once do not each pay for one, SaveAction does not write
// itself: it queues its action and waits, and one goroutine (the saver, started by Open and
// stopped by Close) writes every action queued at that moment in one transaction, each in
// its own savepoint, and commits them with one sync. An action the triggers reject (out of
// order, game not playing, no such game) is rolled back to its savepoint alone, and only its
// caller gets the error. So is an action saved through Fenced whose lease no longer holds:
// the transaction checks each lease of the batch once, before the lease's first action, and
// holds it until the commit (fence.check). Each caller is released once the COMMIT has
// returned, so an action reported saved is durable as before.
//
// There is no batching window: the saver takes what is queued as soon as it holds the write
// lock, so a lone save on an idle store is written at once. Actions queue only while the
// writer is busy (a commit in progress, or another write such as UpdateGame), and that is
// exactly when sharing the next commit pays.

// errClosed is returned by SaveAction once Close has begun.
var errClosed = errors.New("storage: store closed")

// The states of a queued save. The caller and the saver race to move it out of saveQueued:
// the caller when its context ends (the action is then never written), the saver when it
// puts it in a transaction (the caller then waits for that transaction's outcome).
const (
	saveQueued int32 = iota
	saveTaken
	saveDropped
)

// saveReq is one SaveAction waiting for the saver.
type saveReq struct {
	gameID    int64
	seq, seat int
	action    string // the action as stored (JSON)
	at        int64  // Unix milliseconds
	fence     *fence // the lease the action is saved under; nil for none
	state     atomic.Int32
	// err is the action's own error in the batch being written (the saver's alone).
	err error
	// done receives the outcome once the batch holding the action is committed or has
	// failed. It has room for it, so that the saver never waits for a caller.
	done chan error
}

// take moves a queued save into the batch being written; false when its caller gave up.
func (r *saveReq) take() bool { return r.state.CompareAndSwap(saveQueued, saveTaken) }

// drop withdraws a queued save; false when the saver has already taken it.
func (r *saveReq) drop() bool { return r.state.CompareAndSwap(saveQueued, saveDropped) }

// saver is the queue of SaveActions and the state of the goroutine that writes them.
type saver struct {
	mu      sync.Mutex
	wake    sync.Cond // signalled when the queue grows or the store closes; uses mu
	queue   []*saveReq
	closing bool
	done    chan struct{} // closed when the saver has returned; nil until it starts
	// batches counts the transactions the saver committed, and saved the actions they
	// saved (SaveStats).
	batches, saved atomic.Int64
}

// SaveStats says how the store has saved actions since it opened: Actions saved in
// Transactions. Saves that arrive while a transaction is under way wait and share the next
// one, so under load Actions grows faster than Transactions: their ratio is what batching
// gains, and Transactions is what the database's disk or server pays.
type SaveStats struct {
	Actions, Transactions int64
}

// SaveStats returns how the store has saved actions since it opened.
func (s *DB) SaveStats() SaveStats {
	return SaveStats{Actions: s.sv.saved.Load(), Transactions: s.sv.batches.Load()}
}

// startSaver starts the goroutine that writes queued actions.
func (s *DB) startSaver() {
	s.sv.wake.L = &s.sv.mu
	s.sv.done = make(chan struct{})
	go s.saveLoop()
}

// stopSaver stops taking actions and waits until the saver has written every action
// already queued.
func (s *DB) stopSaver() {
	s.sv.mu.Lock()
	s.sv.closing = true
	s.sv.wake.Broadcast()
	s.sv.mu.Unlock()
	if s.sv.done != nil {
		<-s.sv.done
	}
}

// queueSave queues a save for the saver, unless the store is closing.
func (s *DB) queueSave(r *saveReq) error {
	s.sv.mu.Lock()
	defer s.sv.mu.Unlock()
	if s.sv.closing || s.sv.done == nil {
		return errClosed
	}
	s.sv.queue = append(s.sv.queue, r)
	s.sv.wake.Signal()
	return nil
}

// saveLoop writes queued actions, a batch at a time, until the store closes and the queue
// is empty.
func (s *DB) saveLoop() {
	defer close(s.sv.done)
	for {
		s.sv.mu.Lock()
		for len(s.sv.queue) == 0 && !s.sv.closing {
			s.sv.wake.Wait()
		}
		if len(s.sv.queue) == 0 {
			s.sv.mu.Unlock()
			return
		}
		s.sv.mu.Unlock()
		s.saveBatch()
	}
}

// takeQueue empties the queue and returns what it held.
func (s *DB) takeQueue() []*saveReq {
	s.sv.mu.Lock()
	defer s.sv.mu.Unlock()
	q := s.sv.queue
	s.sv.queue = nil
	return q
}

// requeue puts saves back at the head of the queue, ahead of those queued since.
func (s *DB) requeue(rs []*saveReq) {
	if len(rs) == 0 {
		return
	}
	s.sv.mu.Lock()
	defer s.sv.mu.Unlock()
	s.sv.queue = append(rs[:len(rs):len(rs)], s.sv.queue...)
}

// saveBatch writes the queued actions in one transaction and releases their callers once it
// is committed.
//
// The queue is taken only once the transaction holds the write lock (BEGIN IMMEDIATE), so
// that actions queued while it waited for the lock join the batch, and a caller whose
// context ends during that wait withdraws its action. If the transaction fails as a whole
// (an I/O error, for instance), the actions written in it fail with that error and those
// not yet tried go back to the queue for the next transaction.
func (s *DB) saveBatch() {
	// The batch serves many callers and none may cancel it for the others: each caller's
	// context is checked when its action is taken.
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	batch := s.takeQueue()
	if err != nil {
		err = fmt.Errorf("begin: %w", err)
		for _, r := range batch {
			if r.take() {
				r.done <- err
			}
		}
		return
	}
	st := batchStmts{
		savepoint:  in(ctx, tx, s.wr.savepoint),
		insert:     in(ctx, tx, s.wr.insertAction),
		rollbackTo: in(ctx, tx, s.wr.rollbackTo),
		release:    in(ctx, tx, s.wr.release),
	}
	taken := make([]*saveReq, 0, len(batch))
	leases := map[*fence]error{} // the leases checked in this transaction: nil, or why refused
	var fatal error
	for i, r := range batch {
		if !r.take() {
			continue
		}
		taken = append(taken, r)
		if r.fence != nil {
			if r.err, fatal = holdLease(ctx, tx, r.fence, leases); fatal != nil {
				s.requeue(batch[i+1:])
				break
			}
			if r.err != nil {
				continue
			}
		}
		if r.err, fatal = st.save(ctx, r); fatal != nil {
			s.requeue(batch[i+1:])
			break
		}
	}
	if fatal == nil {
		if err := tx.Commit(); err != nil {
			fatal = fmt.Errorf("commit: %w", classify(err))
		} else {
			saved := 0
			for _, r := range taken {
				if r.err == nil {
					saved++
				}
			}
			s.sv.batches.Add(1)
			s.sv.saved.Add(int64(saved))
		}
	} else {
		tx.Rollback()
	}
	for _, r := range taken {
		if r.err != nil {
			r.done <- r.err
		} else {
			r.done <- fatal
		}
	}
}

// holdLease checks, the first time a batch's transaction meets it, that a lease holds, and
// remembers the outcome in checked: the check holds the lease until the commit. refused is
// why the lease's actions must not be written; fatal an error that leaves the transaction
// unusable.
func holdLease(ctx context.Context, tx *sql.Tx, fc *fence, checked map[*fence]error) (refused, fatal error) {
	if err, ok := checked[fc]; ok {
		return err, nil
	}
	err := fc.check(ctx, tx)
	if err != nil && !errors.Is(err, ErrLeaseLost) && !errors.Is(err, ErrInvalid) {
		return nil, err
	}
	checked[fc] = err
	return err, nil
}

// batchStmts are the statements of a batch of saves, bound to its transaction.
type batchStmts struct {
	savepoint, insert, rollbackTo, release *sql.Stmt
}

// save writes one action in its own savepoint. An action the database rejects is rolled
// back alone: its error is returned as rejected, and the transaction goes on. fatal is an
// error that leaves the transaction unusable.
func (b *batchStmts) save(ctx context.Context, r *saveReq) (rejected, fatal error) {
	if _, err := b.savepoint.ExecContext(ctx); err != nil {
		return nil, fmt.Errorf("savepoint: %w", err)
	}
	if _, err := b.insert.ExecContext(ctx, r.gameID, r.seq, r.seat, r.action, r.at); err != nil {
		if _, rerr := b.rollbackTo.ExecContext(ctx); rerr != nil {
			return nil, fmt.Errorf("roll back to savepoint: %w (after %w)", rerr, err)
		}
		rejected = classify(err)
	}
	if _, err := b.release.ExecContext(ctx); err != nil {
		return nil, fmt.Errorf("release savepoint: %w", err)
	}
	return rejected, nil
}
