package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
)

// Discord's limits on a message's files.
const (
	maxFiles    = 10
	maxFileSize = 10 << 20
)

// upload is a file sent in a multipart request's part files[n].
type upload struct {
	n string // the n of files[n], which the payload's attachments refer to as the id
	File
}

// attachmentRequest is an entry of a payload's attachments: a file uploaded with the
// request (its id is the n of files[n]) or, in an edit, an attachment of the message to
// keep (its id is the attachment's).
type attachmentRequest struct {
	ID          flexID  `json:"id"`
	Filename    string  `json:"filename"`
	Description *string `json:"description"`
}

// flexID is an ID sent as a JSON string or number.
type flexID string

func (f *flexID) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*f = flexID(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("attachment id %s is neither a string nor a number", b)
	}
	*f = flexID(s)
	return nil
}

// readCallback reads an interaction callback: JSON, or multipart/form-data with the JSON
// in a payload_json part and files in parts files[0], files[1]… as Discord takes uploads.
func readCallback(r *http.Request) (callbackPayload, []upload, error) {
	var body callbackPayload
	files, err := readWithFiles(r, &body)
	return body, files, err
}

// readWithFiles reads a request's JSON into body: the whole body, or the payload_json part
// of a multipart/form-data body whose parts files[0], files[1]… are files, as Discord takes
// uploads on message, follow-up, webhook and interaction routes. How many files a message
// may have is for the route to say.
func readWithFiles(r *http.Request, body any) ([]upload, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, readJSON(r, body)
	}
	mr := multipart.NewReader(io.LimitReader(r.Body, maxFiles*maxFileSize+1<<20), params["boundary"])
	var files []upload
	seenPayload := false
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read multipart body: %w", err)
		}
		data, err := io.ReadAll(io.LimitReader(part, maxFileSize+1))
		if err != nil {
			return nil, fmt.Errorf("read part %q: %w", part.FormName(), err)
		}
		switch name := part.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, body); err != nil {
				return nil, fmt.Errorf("decode payload_json: %w", err)
			}
			seenPayload = true
		case strings.HasPrefix(name, "files[") && strings.HasSuffix(name, "]"):
			if part.FileName() == "" {
				return nil, fmt.Errorf("part %q has no file name", name)
			}
			if len(data) > maxFileSize {
				return nil, fmt.Errorf("file %q is larger than %d bytes", part.FileName(), maxFileSize)
			}
			n := strings.TrimSuffix(strings.TrimPrefix(name, "files["), "]")
			files = append(files, upload{n: n, File: File{Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data}})
		default:
			return nil, fmt.Errorf("unexpected part %q", name)
		}
	}
	if !seenPayload {
		return nil, fmt.Errorf("multipart body without payload_json")
	}
	return files, nil
}

// attachDraftLocked gives a message about to be stored its new attachments: the files
// uploaded with the request, after those it keeps, each described as the request's
// attachments say (by the n of files[n]). Nothing is stored until the message is.
func (s *Server) attachDraftLocked(m *Message, files []upload, meta []attachmentRequest) {
	desc := map[string]string{}
	for _, a := range meta {
		if a.Description != nil {
			desc[string(a.ID)] = *a.Description
		}
	}
	for _, f := range files {
		id := s.newIDLocked()
		m.Attachments = append(m.Attachments, Attachment{
			ID: id, Filename: f.Name, Description: desc[f.n], ContentType: f.ContentType, Size: len(f.Data),
			URL:      fmt.Sprintf("%s/attachments/%s/%s/%s", s.URL(), m.ChannelID, id, f.Name),
			ProxyURL: fmt.Sprintf("%s/attachments/%s/%s/%s", s.URL(), m.ChannelID, id, f.Name),
		})
		m.Files = append(m.Files, File{Name: f.Name, ContentType: f.ContentType, Data: append([]byte(nil), f.Data...)})
	}
}

// keepAttachments leaves m the attachments an edit's attachments list names (API v9: the
// files to keep; the files uploaded with the edit are added after them), with the
// descriptions the list gives. IDs that are not the message's are left out, as files the
// edit uploads are named by their n.
func keepAttachments(m *Message, keep []attachmentRequest) {
	want := map[string]*attachmentRequest{}
	for i := range keep {
		want[string(keep[i].ID)] = &keep[i]
	}
	var atts []Attachment
	var files []File
	for i, a := range m.Attachments {
		k, ok := want[a.ID]
		if !ok {
			continue
		}
		if k.Description != nil {
			a.Description = *k.Description
		}
		atts = append(atts, a)
		if i < len(m.Files) {
			files = append(files, m.Files[i])
		}
	}
	m.Attachments, m.Files = atts, files
}

// fileCountViolation says when a request uploads more files than a message takes.
func fileCountViolation(files []upload) []string {
	if len(files) > maxFiles {
		return []string{"files: " + strconv.Itoa(len(files)) + " files (max " + strconv.Itoa(maxFiles) + ")"}
	}
	return nil
}
