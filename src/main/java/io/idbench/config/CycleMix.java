package io.idbench.config;

import java.util.List;
import java.util.Locale;

/**
 * What an incremental provisioning cycle changes, in percent of its changes. Nobody publishes such a mix; the default is an
 * assumption, stated in docs/workload.md: mostly attribute updates, then people joining and moving between groups, a few
 * deactivated, very few deleted.
 *
 * @param updates       an attribute of an existing user changed
 * @param joiners       a new user, created and added to a group
 * @param movers        a user moved from one group to another
 * @param deactivations a user disabled (active false)
 * @param deletes       a user deleted (Entra only: Okta never deletes)
 */
public record CycleMix(int updates, int joiners, int movers, int deactivations, int deletes) {
    public static final CycleMix DEFAULT = new CycleMix(60, 15, 15, 8, 2);
    private static final List<String> NAMES = List.of("updates", "joiners", "movers", "deactivations", "deletes");

    public CycleMix {
        int[] parts = {updates, joiners, movers, deactivations, deletes};
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] < 0) {
                throw new ConfigException("provisioning.mix: " + NAMES.get(i) + " must be at least 0 %, was " + parts[i]);
            }
        }
        int sum = updates + joiners + movers + deactivations + deletes;
        if (sum != 100) {
            throw new ConfigException("provisioning.mix must add up to 100 %, was " + sum + " % (" + describe(parts) + ")");
        }
    }

    /**
     * "60,15,15,8,2" (updates, joiners, movers, deactivations, deletes), or the same named in any order:
     * "updates=60,joiners=15,movers=15,deactivations=8,deletes=2" (a name left out is 0).
     */
    public static CycleMix parse(String text) {
        String t = text == null ? "" : text.strip();
        String[] items = t.split("\\s*,\\s*");
        int[] parts = new int[NAMES.size()];
        boolean named = t.contains("=");
        if (!named && items.length != NAMES.size()) {
            throw new ConfigException("provisioning.mix needs five percentages (" + String.join(", ", NAMES) + ") or name=percent"
                    + " pairs, was '" + text + "'");
        }
        for (int i = 0; i < items.length; i++) {
            String item = items[i];
            int at = i;
            String value = item;
            if (named) {
                String[] kv = item.split("\\s*=\\s*", 2);
                at = NAMES.indexOf(kv[0].toLowerCase(Locale.ROOT));
                if (kv.length != 2 || at < 0) {
                    throw new ConfigException("provisioning.mix: '" + item + "' is not one of " + String.join(", ", NAMES)
                            + " with a percentage");
                }
                value = kv[1];
            }
            try {
                parts[at] = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new ConfigException("provisioning.mix: " + NAMES.get(at) + " must be a whole percentage, was '" + value + "'");
            }
        }
        return new CycleMix(parts[0], parts[1], parts[2], parts[3], parts[4]);
    }

    /** The same mix with its deletes made deactivations: what a client that never deletes (Okta) does instead. */
    public CycleMix deactivatingInsteadOfDeleting() {
        return new CycleMix(updates, joiners, movers, deactivations + deletes, 0);
    }

    /** The mix a client can send: Okta never deletes a user. */
    public CycleMix checkedFor(ProvisioningClient client) {
        if (deletes > 0 && !client.deletesUsers()) {
            throw new ConfigException("provisioning.mix has " + deletes + " % deletes, but " + client.id()
                    + " never deletes a user (it deactivates); give deletes=0");
        }
        return this;
    }

    private static String describe(int[] parts) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            b.append(i == 0 ? "" : ", ").append(NAMES.get(i)).append(' ').append(parts[i]);
        }
        return b.toString();
    }

    /** As {@link #parse} reads it: "60,15,15,8,2". */
    public String csv() {
        return updates + "," + joiners + "," + movers + "," + deactivations + "," + deletes;
    }

    @Override
    public String toString() {
        return describe(new int[] {updates, joiners, movers, deactivations, deletes});
    }
}
