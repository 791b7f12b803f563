package io.idbench.store;

import java.util.Properties;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;

/** Bootstraps Hibernate ORM on a pooled DataSource, without persistence.xml. */
public final class Jpa {
    static {
        // Route Hibernate's JBoss Logging to SLF4J (configured in simplelogger.properties).
        System.setProperty("org.jboss.logging.provider", "slf4j");
    }

    private Jpa() {
    }

    /** The pool hands out connections with autocommit off; Hibernate is told so it never toggles it. */
    public static SessionFactory sessionFactory(DataSource dataSource, Class<?>... entities) {
        Configuration cfg = new Configuration();
        for (Class<?> entity : entities) {
            cfg.addAnnotatedClass(entity);
        }
        Properties p = new Properties();
        p.put(AvailableSettings.DATASOURCE, dataSource);
        p.put(AvailableSettings.HBM2DDL_AUTO, "none");
        p.put(AvailableSettings.CONNECTION_PROVIDER_DISABLES_AUTOCOMMIT, "true");
        p.put(AvailableSettings.STATEMENT_BATCH_SIZE, "100");
        // Inserts run in the order they were persisted: the EAV storage persists attribute rows
        // before their value rows, which reference them.
        p.put(AvailableSettings.ORDER_INSERTS, "false");
        p.put(AvailableSettings.SHOW_SQL, "false");
        p.put(AvailableSettings.USE_SECOND_LEVEL_CACHE, "false");
        cfg.addProperties(p);
        return cfg.buildSessionFactory();
    }
}
