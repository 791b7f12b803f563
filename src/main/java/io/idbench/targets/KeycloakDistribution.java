package io.idbench.targets;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Keycloak's distribution ({@code org.keycloak:keycloak-quarkus-dist:<version>:zip}), unpacked where a run of a Keycloak
 * scenario needs it, whatever profile the build had: from the local Maven repository when a build put it there, else from
 * Maven Central into it, its SHA-1 checked against the one Central publishes.
 */
public final class KeycloakDistribution {
    /** Maven Central, where Maven itself resolves the zip. */
    static final String CENTRAL = "https://repo.maven.apache.org/maven2/";
    static final Duration DOWNLOAD_TIMEOUT = Duration.ofMinutes(20);

    private KeycloakDistribution() {
    }

    /** {@code <distDirectory>/keycloak-<version>}, unpacked if it is not yet; says so on {@code out}. */
    public static Path ensure(Path distDirectory, PrintStream out) throws IOException, InterruptedException {
        Path home = distDirectory.resolve("keycloak-" + KeycloakSetup.VERSION);
        if (Files.isExecutable(home.resolve("bin/kc.sh"))) {
            return home;
        }
        Path zip = localRepository().resolve(artifactPath(KeycloakSetup.VERSION));
        if (!Files.isRegularFile(zip)) {
            download(KeycloakSetup.VERSION, zip, out);
        }
        out.println("[idbench] Unpacking Keycloak " + KeycloakSetup.VERSION + " into " + distDirectory + "…");
        unzip(zip, distDirectory);
        try (var scripts = Files.list(home.resolve("bin"))) {
            scripts.filter(f -> f.toString().endsWith(".sh")).forEach(f -> f.toFile().setExecutable(true));
        }
        return home;
    }

    /** The local Maven repository: {@code maven.repo.local}, else {@code ~/.m2/repository}. */
    static Path localRepository() {
        String local = System.getProperty("maven.repo.local");
        return local != null && !local.isBlank() ? Path.of(local) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    static String artifactPath(String version) {
        return "org/keycloak/keycloak-quarkus-dist/" + version + "/keycloak-quarkus-dist-" + version + ".zip";
    }

    private static void download(String version, Path zip, PrintStream out) throws IOException, InterruptedException {
        String url = CENTRAL + artifactPath(version);
        out.println("[idbench] Downloading Keycloak " + version + " from " + url + " (about 170 MB, once)…");
        HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(Duration.ofSeconds(30))
                .build();
        String expected = http.send(HttpRequest.newBuilder(URI.create(url + ".sha1")).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofString()).body().trim().split("\\s+")[0].toLowerCase(Locale.ROOT);
        Files.createDirectories(zip.getParent());
        Path partial = zip.resolveSibling(zip.getFileName() + ".part");
        long start = System.nanoTime();
        HttpResponse<InputStream> answer = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(DOWNLOAD_TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        if (answer.statusCode() != 200) {
            answer.body().close();
            throw new IOException("Maven Central answered " + answer.statusCode() + " for " + url);
        }
        MessageDigest sha1;
        try {
            sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = new DigestInputStream(answer.body(), sha1)) {
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        }
        String actual = HexFormat.of().formatHex(sha1.digest());
        if (!actual.equals(expected)) {
            Files.delete(partial);
            throw new IOException("the download of " + url + " has SHA-1 " + actual + ", Maven Central says " + expected);
        }
        Files.move(partial, zip, StandardCopyOption.ATOMIC_MOVE);
        out.printf(Locale.ROOT, "[idbench] Downloaded %,d MB in %.0f s%n", Files.size(zip) >> 20, (System.nanoTime() - start) / 1e9);
    }

    /** Every entry under {@code into}, none outside it. */
    static void unzip(Path zip, Path into) throws IOException {
        Path root = into.toAbsolutePath().normalize();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                Path target = root.resolve(e.getName()).normalize();
                if (!target.startsWith(root)) {
                    throw new IOException(zip + " holds an entry outside its directory: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
