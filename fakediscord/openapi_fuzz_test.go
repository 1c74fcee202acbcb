package fakediscord

import (
	"net/url"
	"testing"
)

// FuzzSpecCheck: whatever a request holds (route, method, query, content type, body), the
// check of it against Discord's OpenAPI document answers without panicking, and refuses
// what it finds a problem in.
func FuzzSpecCheck(f *testing.F) {
	path, err := FindSpec(".")
	if err != nil {
		f.Skipf("skipped: %v", err)
	}
	sp, err := LoadSpec(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add("POST", "/channels/1/messages", "limit=5", "application/json", []byte(`{"content":"hi"}`))
	f.Add("PATCH", "/webhooks/1/tok/messages/@original", "", "application/json", []byte(`{"components":[{"type":1,"components":[{"type":2}]}]}`))
	f.Add("POST", "/interactions/1/tok/callback", "", "multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"type\":4}\r\n--x--\r\n"))
	f.Add("PUT", "/applications/1/commands", "", "application/json", []byte(`[{"name":"a","description":"b","default_member_permissions":"8"}]`))
	f.Add("GET", "//", "%zz", "text/plain", []byte("\x00"))
	f.Fuzz(func(t *testing.T, method, path, query, contentType string, body []byte) {
		q, _ := url.ParseQuery(query)
		c := sp.check(method, path, q, contentType, body)
		if (len(c.problems) > 0) != (c.status != 0) {
			t.Errorf("check(%q %q) = status %d with problems %q", method, path, c.status, c.problems)
		}
	})
}
