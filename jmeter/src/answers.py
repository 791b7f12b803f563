"""Plan 4's questions and answers, shared by its SCIM and LDAP plans."""
from plans import *

# Two questions and their exact answers among the seeded identities (seed/QueryAnswers: the run writes answers.file for its
# size); the plans' own identities have negative ssn and e-mails of their own, so they never count.
ANSWERS = jsr223_pre("two questions about the seeded identities, and their answers",
                     loaded_once("answers", "answers.file", "the exact counts plan 4's queries must find (the build writes it)",
                                 'it.split(",")')
                     + 'String[] row = answers[java.util.concurrent.ThreadLocalRandom.current().nextInt(answers.length)]\n'
                     'vars.put("ssnFloor", row[0])\n'
                     'vars.put("aboveFloor", row[1])\n'
                     'vars.put("n", row[2])\n'
                     'vars.put("byEmail", row[3])')
