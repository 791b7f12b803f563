package io.idbench.results;

import io.idbench.record.Distribution;
import io.idbench.record.Distribution.Bucket;
import io.idbench.record.Distribution.Point;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/** A label's {@link Distribution} from its histogram of latencies. */
final class Distributions {
    /** The percentiles of the curve: dense in the tail, where runs differ. */
    static final double[] PERCENTILES = {0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 95, 97.5, 99, 99.5, 99.9, 99.95, 99.99, 100};

    private Distributions() {
    }

    static Distribution of(Histogram h) {
        List<Point> points = new ArrayList<>();
        List<Bucket> buckets = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return new Distribution(points, buckets);
        }
        for (double p : PERCENTILES) {
            points.add(new Point(p, p == 0 ? h.getMinValue() : h.getValueAtPercentile(p)));
        }
        long from = -1;
        for (long to : upperBounds(h.getMaxValue())) {
            long count = h.getCountBetweenValues(from + 1, to);
            if (count > 0 || !buckets.isEmpty()) {
                buckets.add(new Bucket(Math.max(from, 0), to, count));
            }
            from = to;
        }
        return new Distribution(points, buckets);
    }

    /** 1, 2, 3, 4, 6, 8, 12, 16, 24, … up to the first bound at or above {@code max}. */
    static List<Long> upperBounds(long max) {
        List<Long> bounds = new ArrayList<>(List.of(1L));
        for (long power = 2; bounds.get(bounds.size() - 1) < max; power *= 2) {
            long half = power / 2 + power / 4;
            if (half > bounds.get(bounds.size() - 1)) {
                bounds.add(half);
            }
            if (half < max) {
                bounds.add(power);
            }
        }
        return bounds;
    }
}
