// The Lessons page (issue 15): the bundled lessons grouped by topic in course order, each with
// its level, a search over title, description, topic, level and tags, and everything in German
// under a German UI (title_de, description_de, translated topic and level names).
#include "lessons_page.h"
#include "main_window.h"

#include "streamstep/scenario.h"
#include "../engine/test_data.h"

#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTranslator>
#include <QTreeWidget>

#include <set>

using namespace streamstep;

namespace {

QStringList bundledFiles()
{
    return streamstep::testing::bundledLessonPaths();
}

// Every bundled lesson, read by the engine (the page must show what the files say).
std::vector<Scenario> bundledLessons()
{
    std::vector<Scenario> out;
    for (const QString &path : bundledFiles())
        out.push_back(readScenarioFile(path.toStdString()));
    return out;
}

int levelOfTitle(const std::vector<Scenario> &lessons, const QString &title)
{
    for (const Scenario &s : lessons)
        if (lessonTitle(s) == title)
            return static_cast<int>(s.level);
    return -1;
}

} // namespace

class TestLessonsPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyLessonIsComplete();
    void groupsByTopicInCourseOrder();
    void searchFiltersByTitleDescriptionAndTag();
    void germanTextsAndGermanSearch();
};

void TestLessonsPage::everyLessonIsComplete()
{
    // Issue 15: each bundled lesson has a title and a description for learners, both in German
    // too, a topic, a level, tags, at least two quiz questions, and an `expect` for every step
    // (or an expectError, for a lesson about a query Spark refuses).
    for (const Scenario &s : bundledLessons()) {
        const QByteArray name = QByteArray::fromStdString(s.fileName);
        QVERIFY2(!s.title.empty() && !s.description.empty(), name);
        QVERIFY2(!s.titleDe.empty() && !s.descriptionDe.empty(), name);
        QVERIFY2(!s.topic.empty() && s.level != LessonLevel::None && !s.tags.empty(), name);
        size_t questions = 0;
        for (const Step &step : s.steps)
            questions += step.quiz.size();
        QVERIFY2(questions >= 2, name);
        if (s.expectError)
            continue;
        std::set<int> expected;
        for (const Expectation &e : s.expect)
            expected.insert(e.step);
        for (int step = 0; step < static_cast<int>(s.steps.size()); ++step)
            QVERIFY2(expected.count(step), name + ": no expect for step " + QByteArray::number(step));
    }
}

void TestLessonsPage::groupsByTopicInCourseOrder()
{
    const std::vector<Scenario> lessons = bundledLessons();
    QVERIFY(lessons.size() >= 24);
    LessonsPage page;
    QCOMPARE(page.numLessons(), int(lessons.size()));
    QCOMPARE(page.visibleTopics(), (QStringList{QStringLiteral("Output modes"), QStringLiteral("Sinks"),
                                               QStringLiteral("Mistakes and invalid queries"), QStringLiteral("Windows"),
                                               QStringLiteral("Watermarks and late data"), QStringLiteral("State"),
                                               QStringLiteral("Spark versions")}));
    // Every lesson is under the group of its topic, beginners' lessons first.
    int listed = 0;
    for (const std::string &topic : lessonTopics()) {
        const QStringList titles = page.visibleLessons(LessonsPage::topicName(topic));
        std::set<QString> expected;
        for (const Scenario &s : lessons)
            if (s.topic == topic)
                expected.insert(QString::fromStdString(s.title));
        QCOMPARE(std::set<QString>(titles.begin(), titles.end()), expected);
        for (int i = 1; i < titles.size(); ++i)
            QVERIFY2(levelOfTitle(lessons, titles[i - 1]) <= levelOfTitle(lessons, titles[i]), qPrintable(titles[i]));
        listed += titles.size();
    }
    QCOMPARE(listed, int(lessons.size()));
    // The State topic in course order: intermediate lessons by file name, then advanced ones;
    // the memory trap at scale (27a, and 27c with a million generated accounts) and its fix (27b)
    // among them.
    QCOMPARE(page.visibleLessons(QStringLiteral("State")),
             (QStringList{QStringLiteral("Mistake: dropDuplicates without a watermark keeps every id forever"),
                          QStringLiteral("Fix: dropDuplicates with a watermark forgets old ids"),
                          QStringLiteral("When Spark runs a no-data batch, and what it does (Update)"),
                          QStringLiteral("The complete-mode memory trap: 100,000 accounts, all rewritten every trigger"),
                          QStringLiteral("The memory trap at scale: a million accounts in state, generated"),
                          QStringLiteral("Chaining two aggregations (Append, one watermark)"),
                          QStringLiteral("The fix: a watermark-bounded window keeps the state at 25,000 rows")}));
    QCOMPARE(page.visibleLessons(QStringLiteral("Output modes")).value(0), QStringLiteral("High-value transactions (filter, Append)"));
    QCOMPARE(page.lessonPath(0).section(QLatin1Char('/'), -1), QStringLiteral("01-high-value-filter.scenario.json"));

    // The level is shown beside each title; the first lesson is selected and described.
    auto *tree = page.findChild<QTreeWidget *>(QStringLiteral("lessonTree"));
    QVERIFY(tree);
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
        for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
            QVERIFY(!tree->topLevelItem(g)->child(i)->text(1).isEmpty());
    QTreeWidgetItem *windows = tree->findItems(QStringLiteral("Windowed totals (window + watermark, Append)"),
                                               Qt::MatchExactly | Qt::MatchRecursive).value(0);
    QVERIFY(windows);
    QCOMPARE(windows->text(1), QStringLiteral("Intermediate"));
    QCOMPARE(windows->parent()->text(0), QStringLiteral("Windows"));
    tree->setCurrentItem(windows);
    const QString shown = page.findChild<QTextBrowser *>()->toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("Windows · Intermediate")), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("Sums amount per 5-minute event-time window")));

    // Opening: a topic row opens nothing, a lesson row its file.
    QSignalSpy chosen(&page, &LessonsPage::lessonChosen);
    Q_EMIT tree->itemActivated(windows->parent(), 0);
    QCOMPARE(chosen.size(), 0);
    Q_EMIT tree->itemActivated(windows, 0);
    QCOMPARE(chosen.size(), 1);
    QVERIFY(chosen.at(0).at(0).toString().endsWith(QStringLiteral("04-windowed-totals-append.scenario.json")));
}

void TestLessonsPage::searchFiltersByTitleDescriptionAndTag()
{
    LessonsPage page;
    auto *search = page.findChild<QLineEdit *>(QStringLiteral("lessonSearch"));
    auto *noMatch = page.findChild<QLabel *>(QStringLiteral("lessonNoMatch"));
    auto *open = page.findChild<QPushButton *>();
    QVERIFY(search && noMatch && open);

    // A word of a title, typed as a user would.
    // Lesson 05c's description names parquet among the file sinks.
    QTest::keyClicks(search, QStringLiteral("parquet"));
    QCOMPARE(page.visibleTopics(), (QStringList{QStringLiteral("Sinks"), QStringLiteral("Mistakes and invalid queries")}));
    QCOMPARE(page.visibleLessons(QStringLiteral("Sinks")), QStringList{QStringLiteral("Windowed totals into Parquet files (Append)")});
    QCOMPARE(page.visibleLessons(QStringLiteral("Mistakes and invalid queries")), QStringList{QStringLiteral("Invalid: Update mode on a file sink")});
    QVERIFY(open->isEnabled());
    QVERIFY(page.findChild<QTextBrowser *>()->toPlainText().contains(QStringLiteral("Parquet")));

    // A tag only (lesson 14's "heartbeat" is a tag and a word of its description).
    page.setSearchText(QStringLiteral("numRowsDroppedByWatermark"));
    QStringList found = page.visibleLessons(QStringLiteral("Watermarks and late data"));
    QVERIFY2(found.contains(QStringLiteral("Where to see the late rows Spark dropped (and why it counts groups)")), qPrintable(found.join(QLatin1Char('|'))));

    // Every word must be found, in any case; topics without a match are hidden.
    page.setSearchText(QStringLiteral("DROPDUPLICATES watermark"));
    QCOMPARE(page.visibleTopics(), (QStringList{QStringLiteral("Mistakes and invalid queries"),
                                               QStringLiteral("Watermarks and late data"), QStringLiteral("State")}));
    QCOMPARE(page.visibleLessons(QStringLiteral("State")),
             (QStringList{QStringLiteral("Mistake: dropDuplicates without a watermark keeps every id forever"),
                          QStringLiteral("Fix: dropDuplicates with a watermark forgets old ids")}));
    page.setSearchText(QStringLiteral("dropDuplicates forever"));
    QCOMPARE(page.visibleTopics(), QStringList{QStringLiteral("State")});
    QCOMPARE(page.visibleLessons(QStringLiteral("State")),
             QStringList{QStringLiteral("Mistake: dropDuplicates without a watermark keeps every id forever")});
    // The memory trap is found by what a learner types: its tags and words of its description.
    page.setSearchText(QStringLiteral("memory TRAP"));
    QCOMPARE(page.visibleTopics(), QStringList{QStringLiteral("State")});
    QVERIFY(page.visibleLessons(QStringLiteral("State"))
                .contains(QStringLiteral("The complete-mode memory trap: 100,000 accounts, all rewritten every trigger")));
    // A level name finds the lessons of that level.
    page.setSearchText(QStringLiteral("advanced"));
    QVERIFY(page.visibleLessons(QStringLiteral("Output modes")).isEmpty());
    QVERIFY(page.visibleLessons(QStringLiteral("Windows")).contains(QStringLiteral("Session windows merging (session_window, Append)")));

    // Nothing found: a message, no lesson to open.
    page.setSearchText(QStringLiteral("xyzzy"));
    QVERIFY(page.visibleTopics().isEmpty());
    QVERIFY(!noMatch->isHidden());
    QCOMPARE(noMatch->text(), QStringLiteral("No lesson matches “xyzzy”."));
    QVERIFY(!open->isEnabled());

    // Clearing the field shows every lesson again.
    search->clear();
    QCOMPARE(page.visibleTopics().size(), 7);
    QVERIFY(noMatch->isHidden());
    QVERIFY(open->isEnabled());
}

void TestLessonsPage::germanTextsAndGermanSearch()
{
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    {
        LessonsPage page;
        QCOMPARE(page.visibleTopics(), (QStringList{QStringLiteral("Ausgabemodi"), QStringLiteral("Senken"),
                                                   QStringLiteral("Fehler und ungültige Abfragen"), QStringLiteral("Fenster"),
                                                   QStringLiteral("Watermarks und verspätete Daten"), QStringLiteral("Zustand"),
                                                   QStringLiteral("Spark-Versionen")}));
        // Every lesson shows its German title.
        for (const Scenario &s : bundledLessons()) {
            QVERIFY2(!s.titleDe.empty(), s.fileName.c_str());
            QVERIFY2(page.visibleLessons(LessonsPage::topicName(s.topic)).contains(QString::fromStdString(s.titleDe)), s.fileName.c_str());
        }
        auto *tree = page.findChild<QTreeWidget *>(QStringLiteral("lessonTree"));
        QTreeWidgetItem *first = tree->topLevelItem(0)->child(0);
        QCOMPARE(first->text(0), QStringLiteral("Transaktionen mit hohem Betrag (Filter, Append)"));
        QCOMPARE(first->text(1), QStringLiteral("Einsteiger"));
        QVERIFY(page.findChild<QTextBrowser *>()->toPlainText().contains(QStringLiteral("Eine zustandslose Abfrage")));

        // The search looks in the German texts: a word only the German description has.
        page.setSearchText(QStringLiteral("Sitzungsfenster"));
        QCOMPARE(page.visibleTopics(), QStringList{QStringLiteral("Fenster")});
        QCOMPARE(page.visibleLessons(QStringLiteral("Fenster")), QStringList{QStringLiteral("Sitzungsfenster verschmelzen (session_window, Append)")});
        page.setSearchText(QStringLiteral("Fortgeschritten Parquet"));
        QCOMPARE(page.visibleLessons(QStringLiteral("Senken")), QStringList{QStringLiteral("Summen pro Fenster in Parquet-Dateien (Append)")});
        page.setSearchText(QStringLiteral("gibtsnicht"));
        QCOMPARE(page.findChild<QLabel *>(QStringLiteral("lessonNoMatch"))->text(), QStringLiteral("Keine Lektion passt zu „gibtsnicht“."));
    }
    {
        // An opened lesson speaks German too: its title in the side panel and the window title,
        // its description in the Lesson tab.
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/14-last-window-waits.scenario.json")));
        const QString title = QStringLiteral("Warum das letzte Fenster nie erscheint, wenn keine Daten mehr kommen (Append)");
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("scenarioTitle"))->text(), title);
        QVERIFY2(window.windowTitle().contains(title), qPrintable(window.windowTitle()));
        QVERIFY(window.findChild<QTextBrowser *>(QStringLiteral("lessonDescription"))->toPlainText().contains(QStringLiteral("Heartbeat")));
    }
    QLocale::setDefault(QLocale::c());
    QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(TestLessonsPage)
#include "tst_lessons_page.moc"
