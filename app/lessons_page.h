// Lists the bundled lessons (scenario files) with their titles and rendered descriptions, so a
// first start shows where to begin instead of an empty window.
#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QPushButton;
class QTextBrowser;

namespace streamstep {

class LessonsPage : public QWidget {
    Q_OBJECT
public:
    explicit LessonsPage(QWidget *parent = nullptr);

    // The folders searched for lessons: the embedded resources first, then the installed copy.
    static QStringList lessonPaths();
    int numLessons() const;
    QString lessonPath(int row) const;

Q_SIGNALS:
    void lessonChosen(const QString &path);

protected:
    // The description's code follows the window's text scale.
    void changeEvent(QEvent *event) override;

private:
    void showLesson(int row);

    QListWidget *m_list;
    QTextBrowser *m_description;
    QPushButton *m_open;
    QStringList m_paths;
};

} // namespace streamstep
