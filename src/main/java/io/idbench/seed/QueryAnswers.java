package io.idbench.seed;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The exact answers plan 4's queries must get from identities 1..N as seeded, so that a target
 * answering a wrong count fails the sample instead of looking fast: for a random ssn floor, how many
 * identities of {@link #QUERIED_TYPE} have a greater ssn; for a random identity's e-mail, whether
 * it is of that type (1) or not (0). Derived from the generator alone; the plans' own identities
 * never count, as their ssn is negative (outside every floor). Written as CSV with a header line
 * ({@value #HEADER}); the same rows for the same N on every machine.
 */
public final class QueryAnswers {
    public static final String HEADER = "ssnFloor,aboveFloor,n,byEmail";
    /** The userType both of plan 4's queries ask for. */
    public static final String QUERIED_TYPE = "Type C";
    /** Rows written: enough that 10 threads rarely repeat a floor within a second; the plan picks one at random. */
    public static final int ROWS = 1024;
    /** The largest dataset answered (one int per identity is counted in memory). */
    public static final long MAX_USERS = 100_000_000L;

    /** One pair of questions and their answers. */
    public record Row(long ssnFloor, long aboveFloor, long n, int byEmail) {
        String csv() {
            return ssnFloor + "," + aboveFloor + "," + n + "," + byEmail;
        }
    }

    private QueryAnswers() {
    }

    /** {@code rows} questions about identities 1..users (users > 0), with their answers. */
    public static List<Row> rows(long users, int rows) {
        if (users < 1 || users > MAX_USERS) {
            throw new IllegalArgumentException("users must be between 1 and " + MAX_USERS + ", was " + users);
        }
        // queriedUpTo[k]: identities 1..k of the queried type
        int[] queriedUpTo = new int[(int) users + 1];
        for (int n = 1; n <= users; n++) {
            queriedUpTo[n] = queriedUpTo[n - 1] + (IdentityGenerator.userType(n).equals(QUERIED_TYPE) ? 1 : 0);
        }
        SplittableRandom random = new SplittableRandom(IdentityGenerator.SEED ^ users);
        List<Row> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            int floorN = random.nextInt((int) users); // 0 .. users - 1: identity users is always above the floor
            int n = 1 + random.nextInt((int) users);
            out.add(new Row(IdentityGenerator.ssn(floorN), queriedUpTo[(int) users] - queriedUpTo[floorN], n,
                    queriedUpTo[n] - queriedUpTo[n - 1]));
        }
        return out;
    }

    /** The rows for identities 1..users, written whole or not at all. */
    public static void write(Path file, long users) throws IOException {
        List<Row> rows = rows(users, ROWS);
        CsvFile.write(file, HEADER, rows.size(), i -> rows.get((int) (i - 1)).csv());
    }
}
