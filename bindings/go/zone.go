package feeddate

import (
	"fmt"
	"time"
)

// hostLocal is time.Local as the program started: the host's zone. A program
// that later sets time.Local to another Location gets that Location mapped
// like any other.
var hostLocal = time.Local

// zoneProbes are the instants at which a Location's offset is compared to
// tell a fixed offset from a zone with rules: January and July (both
// hemispheres' summer) every 5 years from 1850 to 2100, and the years 1,
// 1800 and 9999 (local mean time before a zone's first transition). Every
// zone of the tz database with rules (DST, a change of offset, local mean
// time) shows two offsets here; a time.FixedZone shows one.
var zoneProbes = func() []time.Time {
	ts := []time.Time{
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1800, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC),
	}
	for y := 1850; y <= 2100; y += 5 {
		ts = append(ts, time.Date(y, 1, 15, 12, 0, 0, 0, time.UTC), time.Date(y, 7, 15, 12, 0, 0, 0, time.UTC))
	}
	return ts
}()

// fixedOffset returns loc's offset east of UTC in seconds and true when it is
// the same at every probe.
func fixedOffset(loc *time.Location) (int, bool) {
	_, off := zoneProbes[0].In(loc).Zone()
	for _, t := range zoneProbes[1:] {
		if _, o := t.In(loc).Zone(); o != off {
			return 0, false
		}
	}
	return off, true
}

// zoneID is the time_zone id the library is given for loc (Options.Location):
//   - time.Local (as the program started): "", the host's zone, which the
//     library reads from $TZ or /etc/localtime as Go does;
//   - a Location with rules (DST, changes of offset): its name, an IANA id;
//   - a fixed offset whose name is an IANA id of that same fixed offset
//     ("UTC", "Etc/GMT-8"): that name;
//   - any other fixed offset (time.FixedZone("", 19800), or a name such as
//     "+0530", "UTC+5" or "IST" that is no IANA id of that offset): the
//     POSIX TZ string of the offset, never the host's zone in silence.
func zoneID(loc *time.Location) (string, error) {
	if loc == hostLocal {
		return "", nil
	}
	name := loc.String()
	off, fixed := fixedOffset(loc)
	if !fixed {
		if name == "" {
			return "", &Error{StatusTimeZone, "Location without a name has rules (its offset changes): " +
				"load it by its IANA name (time.LoadLocation) or pass TimeZone"}
		}
		return name, nil
	}
	if name != "" && name != "Local" {
		if l, err := time.LoadLocation(name); err == nil {
			if o, ok := fixedOffset(l); ok && o == off {
				return name, nil
			}
		}
	}
	return posixTZ(off, name)
}

// posixTZ writes a fixed offset east of UTC (seconds) as a POSIX TZ string:
// +05:30 is "<+0530>-5:30" (POSIX counts hours west of UTC, so its sign is
// the opposite), whole hours "<+05>-5", seconds "<+053001>-5:30:01", zero
// "UTC".
func posixTZ(off int, name string) (string, error) {
	if off == 0 {
		return "UTC", nil
	}
	sign, posix, a := '+', "-", off
	if off < 0 {
		sign, posix, a = '-', "", -off
	}
	if a >= 25*3600 {
		return "", &Error{StatusTimeZone, fmt.Sprintf("Location %s has a fixed offset of %c%02d:%02d:%02d, beyond the ±24:59:59 of a POSIX TZ string",
			quote(name), sign, a/3600, a/60%60, a%60)}
	}
	h, m, s := a/3600, a/60%60, a%60
	switch {
	case m == 0 && s == 0:
		return fmt.Sprintf("<%c%02d>%s%d", sign, h, posix, h), nil
	case s == 0:
		return fmt.Sprintf("<%c%02d%02d>%s%d:%02d", sign, h, m, posix, h, m), nil
	default:
		return fmt.Sprintf("<%c%02d%02d%02d>%s%d:%02d:%02d", sign, h, m, s, posix, h, m, s), nil
	}
}
