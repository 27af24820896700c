package org.feeddate;

/** The styles of SPEC section 3 ({@code enum fd_style}). */
public enum Style {
    /** "14:30", "昨天", "前天", "3月25日", "2023年12月30日" */
    FEED(0),
    /** "2024年3月25日 14:30" */
    FEED_DETAIL(1),
    /** "14:30", "昨天", "星期三", "2024/3/18" */
    CHAT_LIST(2),
    /** "昨天 11:11", "星期三 11:11", "2015/1/10 11:11" */
    CHAT_BUBBLE(3),
    /** "5分钟前", "3 days ago", "in 2 hours" */
    RELATIVE(4),
    /** "59s", "1m", "2h", "3d", "2w", "4mo", "1y" */
    COMPACT(5),
    /** "0:04:59.3", "1d 03:04:05.6" */
    COUNTDOWN(6);

    final int code;

    Style(int code) {
        this.code = code;
    }
}
