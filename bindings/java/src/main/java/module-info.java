/**
 * feeddate for Java: feed and chat date labels ("昨天", "Yesterday", "11:11 AM") from
 * libfeeddate.so.1, through JNA (Java 17+) or, in the multi-release jar on Java 22+, the Foreign
 * Function and Memory API (java.base). On the module path it is the module {@code org.feeddate}
 * (with JNA's automatic module, {@code com.sun.jna}); on the class path the same jar works as
 * before, in the unnamed module. On Java 22+ grant it native access by its name:
 * {@code --enable-native-access=org.feeddate}.
 */
module org.feeddate {
    requires com.sun.jna;
    exports org.feeddate;
}
