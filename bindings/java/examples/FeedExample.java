import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.feeddate.Batch;
import org.feeddate.FeedDate;
import org.feeddate.Formatter;
import org.feeddate.Label;
import org.feeddate.Options;
import org.feeddate.Schedule;
import org.feeddate.Style;

/** Prints a small feed in Chinese, when to redraw it, and a schedule for a client. */
public class FeedExample {
    public static void main(String[] args) {
        Instant now = Instant.parse("2024-03-25T06:30:00Z"); // 14:30 in Shanghai
        Options options = Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai").build();
        try (Formatter f = new Formatter(options)) {
            System.out.println("feeddate " + FeedDate.version() + " on ICU " + FeedDate.icuVersion() + ", "
                    + f.locale() + " " + f.timeZone() + " (" + f.tzSource() + ")");
            Label l = f.label(now.minus(Duration.ofHours(20)), now);
            System.out.println(l.text() + " (day part \"" + l.dayPart() + "\"), changes at " + l.nextChange());
            Batch feed = f.formatMany(List.of(now.minusSeconds(90), now.minus(Duration.ofDays(2)),
                    now.minus(Duration.ofDays(400))), now);
            System.out.println(feed.texts() + ", redraw at " + feed.nextChange());
            // What a client shows for a post of 13:40 from now on, as the wire form it is sent.
            Schedule s = f.schedule(now.minus(Duration.ofMinutes(50)), now);
            System.out.println(s.entries().size() + " entries until " + s.until().orElse(null) + ": " + s.toJson());
        }
    }
}
